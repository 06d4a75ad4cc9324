import { DEFAULT_PRICING, MAINTENANCE_NOTICE, siteConfigFor } from '@mastering/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutAddress, paymentAlertText, PaymentRedirectError } from '../src/api/payments';
import { requestUploadUrl } from '../src/api/uploads';
import { createOrder } from '../src/api/orders';
import {
  checkChosenFiles,
  checkProceed,
  DEFAULT_OPTIONS,
  newUploadItem,
  orderBody,
  orderSummary,
  uploadItemsReducer,
  type UploadItem,
} from '../src/lib/upload-items';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = 'audio/wav') => new File([new Uint8Array(size)], name, { type });
const chosen = (name: string, size: number, type = '') => ({ name, size, type });
const item = (name: string, status: UploadItem['status'], objectPath?: string): UploadItem => ({
  ...newUploadItem(file(name), name),
  status,
  objectPath,
});
const config = siteConfigFor(DEFAULT_PRICING);

afterEach(() => vi.unstubAllGlobals());

describe('choosing files', () => {
  it('takes audio types and the known extensions in any case, dropping the rest', () => {
    const check = checkChosenFiles([
      chosen('a.WAV', 1),
      chosen('b.txt', 1, 'text/plain'),
      chosen('c.ogg', 1, 'audio/ogg'),
      chosen('d.M4a', 1),
    ]);
    expect(check).toEqual({
      ok: true,
      files: [chosen('a.WAV', 1), chosen('c.ogg', 1, 'audio/ogg'), chosen('d.M4a', 1)],
    });
  });

  it('refuses a batch without audio with the spec message', () => {
    expect(checkChosenFiles([chosen('notes.pdf', 1, 'application/pdf')])).toEqual({
      ok: false,
      message: 'No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.',
    });
  });

  it('refuses the whole batch when any file is over 500 MB, naming them', () => {
    const check = checkChosenFiles([
      chosen('ok.wav', 500 * MB),
      chosen('big.wav', 500 * MB + 1),
      chosen('huge.flac', 900 * MB),
    ]);
    expect(check).toEqual({
      ok: false,
      message: 'File(s) too large: big.wav, huge.flac. Maximum size is 500MB per file.',
    });
  });

  it('follows the limit in force from /api/config', () => {
    expect(checkChosenFiles([chosen('a.wav', 60 * MB)], 50)).toEqual({
      ok: false,
      message: 'File(s) too large: a.wav. Maximum size is 50MB per file.',
    });
  });
});

describe('upload list states', () => {
  it('moves an item from uploading with progress to completed with its path', () => {
    let items = uploadItemsReducer([], { type: 'added', items: [newUploadItem(file('a.wav'), 'a')] });
    expect(items[0]).toMatchObject({ status: 'uploading', progress: 0 });
    items = uploadItemsReducer(items, { type: 'progress', id: 'a', sent: 250, total: 1000 });
    expect(items[0]!.progress).toBe(0.25);
    items = uploadItemsReducer(items, { type: 'completed', id: 'a', objectPath: '/objects/x' });
    expect(items[0]).toMatchObject({ status: 'completed', progress: 1, objectPath: '/objects/x' });
    // A late progress event cannot pull a finished upload back.
    expect(uploadItemsReducer(items, { type: 'progress', id: 'a', sent: 1, total: 1000 })[0]!.progress).toBe(1);
  });

  it('marks a failure as error and removes an item at any time', () => {
    let items = uploadItemsReducer([], {
      type: 'added',
      items: [newUploadItem(file('a.wav'), 'a'), newUploadItem(file('b.wav'), 'b')],
    });
    items = uploadItemsReducer(items, { type: 'failed', id: 'b' });
    expect(items.map((i) => i.status)).toEqual(['uploading', 'error']);
    items = uploadItemsReducer(items, { type: 'removed', id: 'a' });
    expect(items.map((i) => i.id)).toEqual(['b']);
    expect(uploadItemsReducer(items, { type: 'completed', id: 'a', objectPath: '/objects/a' })).toEqual(items);
  });
});

describe('order summary', () => {
  it('prices R499 per track with round(499 x n x 35 / 100) off, from the contracts function', () => {
    expect(orderSummary(1, config)).toEqual({
      subtotal: 499,
      discount: 175,
      total: 324,
      trackCount: 1,
      discountPercent: 35,
      perTrackSaving: 175,
    });
    expect(orderSummary(3, config)).toMatchObject({ subtotal: 1497, discount: 524, total: 973 });
    expect(orderSummary(3, config)!.perTrackSaving).toBeCloseTo(174.67, 2);
    for (const n of [1, 2, 5, 7, 50]) expect(orderSummary(n, config)!.discount).toBe(Math.round((499 * n * 35) / 100));
    expect(orderSummary(0, config)).toBeNull();
  });

  it('follows the prices in force', () => {
    expect(
      orderSummary(2, siteConfigFor({ basePriceCents: 60000, launchDiscountPercent: 0, maxFileSizeMb: 500 })),
    ).toMatchObject({ subtotal: 1200, discount: 0, total: 1200 });
  });
});

describe('proceed to payment', () => {
  const pricing = (n: number) => orderSummary(n, config);
  it('checks in the spec order with its messages', () => {
    expect(checkProceed([], '', DEFAULT_OPTIONS, null)).toEqual({
      ok: false,
      message: 'Please upload at least one audio file.',
    });
    expect(checkProceed([item('a.wav', 'uploading')], ' ', DEFAULT_OPTIONS, pricing(1))).toEqual({
      ok: false,
      message: 'Please enter your email address.',
    });
    expect(
      checkProceed([item('a.wav', 'uploading'), item('b.wav', 'error')], 'a@b.co', DEFAULT_OPTIONS, pricing(2)),
    ).toEqual({
      ok: false,
      message: 'Please wait for all files to finish uploading before proceeding to payment.',
    });
    expect(
      checkProceed([item('a.wav', 'error'), item('b.wav', 'error')], 'a@b.co', DEFAULT_OPTIONS, pricing(2)),
    ).toEqual({
      ok: false,
      message: 'Some files failed to upload: a.wav, b.wav. Please try uploading them again.',
    });
    expect(checkProceed([item('a.wav', 'completed')], 'a@b.co', DEFAULT_OPTIONS, pricing(1))).toEqual({
      ok: false,
      message: 'File upload incomplete. Please try refreshing and uploading again.',
    });
  });

  it('builds the order body the contract accepts, options on every file', () => {
    const check = checkProceed(
      [item('My Song (final).wav', 'completed', '/objects/1'), item('b.mp3', 'completed', '/objects/2')],
      'a@b.co',
      { ...DEFAULT_OPTIONS, tone: 'WARM', volumeMatch: true, genre: 'Jazz' },
      pricing(2),
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body.files[0]).toMatchObject({
      originalName: 'My Song (final).wav',
      fileName: 'My_Song__final_.wav',
      originalFilePath: '/objects/1',
      masteringStyle: 'Custom',
      tone: 'WARM',
      loudness: 'LOW',
      volumeMatch: 'true',
      genre: 'Jazz',
      mimeType: 'audio/wav',
    });
    expect(check.body.pricing).toMatchObject({ subtotal: 998, discount: 349, total: 649, trackCount: 2 });
  });

  it('leaves the genre out when none is chosen', () => {
    expect(
      orderBody([item('a.wav', 'completed', '/objects/1')], 'a@b.co', DEFAULT_OPTIONS, null).files[0],
    ).not.toHaveProperty('genre');
  });
});

describe('purchase calls', () => {
  function answer(body: string, status = 200) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('asks for an upload URL with POST and reports a failure with the spec internal text', async () => {
    const fetch = answer('{"uploadURL":"/uploads/abc"}');
    expect(await requestUploadUrl()).toBe('/uploads/abc');
    expect(fetch.mock.calls[0]).toMatchObject(['/api/files/upload', { method: 'POST', credentials: 'include' }]);
    answer('nope', 500);
    await expect(requestUploadUrl()).rejects.toThrow('Failed to get upload URL');
  });

  it('creates the order and reports a refusal as "Failed to create order"', async () => {
    const id = '5d1f0c4e-8f5e-4a51-9d47-6a1f3b0e9a11';
    const fetch = answer(JSON.stringify({ order: { id, status: 'pending_payment', total: 324 } }));
    expect(
      (
        await createOrder(
          {
            customerEmail: 'a@b.co',
            files: [],
            pricing: orderSummary(1, config)!,
            termsAccepted: true,
            marketingConsent: false,
          },
          'attempt-1',
        )
      ).order.id,
    ).toBe(id);
    expect(fetch.mock.calls[0]![0]).toBe('/api/orders');
    // The attempt's key goes with it, so a retry after a lost answer gets the same order.
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { 'idempotency-key': 'attempt-1' } });
    answer('{"error":"Price changed"}', 409);
    await expect(
      createOrder(
        {
          customerEmail: 'a@b.co',
          files: [],
          pricing: orderSummary(1, config)!,
          termsAccepted: true,
          marketingConsent: false,
        },
        'attempt-2',
      ),
    ).rejects.toThrow('Failed to create order');
  });

  it('follows only an approved Yoco address (or the sandbox prefixes the server names)', async () => {
    const id = '5d1f0c4e-8f5e-4a51-9d47-6a1f3b0e9a11';
    const fetch = answer('{"redirectUrl":"https://c.yoco.com/checkout/ch_1"}');
    expect(await checkoutAddress(id)).toBe('https://c.yoco.com/checkout/ch_1');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify({ orderId: id }) });
    answer('{"redirectUrl":"https://evil.example/checkout"}');
    await expect(checkoutAddress(id)).rejects.toBeInstanceOf(PaymentRedirectError);
    answer('{"redirectUrl":"http://localhost:9611/checkout/ch_2"}');
    expect(await checkoutAddress(id, ['http://localhost:9611/checkout/'])).toBe('http://localhost:9611/checkout/ch_2');
  });

  it('alerts the redirect text for a bad address and the processing text otherwise', async () => {
    expect(paymentAlertText(new PaymentRedirectError())).toBe(
      'Payment redirect failed. Please try again or contact support.',
    );
    answer('{"error":"x"}', 500);
    const error = await checkoutAddress('5d1f0c4e-8f5e-4a51-9d47-6a1f3b0e9a11').catch((e: unknown) => e);
    expect((error as Error).message).toBe('Failed to create payment checkout');
    expect(paymentAlertText(error)).toBe('Payment processing failed. Please try again.');
  });

  it("alerts the server's notice when the shop is in maintenance mode (503)", async () => {
    answer(JSON.stringify({ error: MAINTENANCE_NOTICE }), 503);
    const error = await createOrder({} as never, 'attempt-3').catch((e: unknown) => e);
    expect(paymentAlertText(error)).toBe(MAINTENANCE_NOTICE);
  });
});
