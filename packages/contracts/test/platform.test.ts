import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderBody,
  CustomerEmailParam,
  DEFAULT_PRICING,
  filesTooLarge,
  maxFileSizeBytes,
  Order,
  OrderResponse,
  oversizedFileNames,
  pricingForApi,
  PricingSettingsBody,
  siteConfigFor,
  YocoCheckout,
  YocoWebhookEvent,
} from '../src/index';

describe('site config', () => {
  it('prices one track from the settings and flags the launch special', () => {
    expect(siteConfigFor(DEFAULT_PRICING)).toEqual({
      currency: 'ZAR',
      basePrice: 499,
      basePriceCents: 49900,
      launchDiscountPercent: 35,
      launchSpecial: true,
      launchEndsAt: null,
      discountedPricePerTrack: 324,
      discountedPricePerTrackCents: 32400,
      maxFileSizeMb: 500,
      deliveryHours: 48,
      siteName: 'Mastering Studio',
      siteDescription: 'Professional audio mastering by human engineers',
      supportEmail: 'support@mastering.co.za',
      studio: {
        legalName: '',
        registrationNumber: '',
        vatNumber: '',
        vatVendor: false,
        physicalAddress: 'Johannesburg, South Africa',
        phone: '',
      },
    });
    expect(siteConfigFor({ ...DEFAULT_PRICING, launchDiscountPercent: 0 }).launchSpecial).toBe(false);
  });
});

describe('pricing for the API', () => {
  it('keeps the rand figures and the saving, drops the cents', () => {
    expect(pricingForApi(computePricing(2))).toEqual({
      subtotal: 998,
      discount: 349,
      total: 649,
      trackCount: 2,
      discountPercent: 35,
      perTrackSaving: 174.5,
    });
  });
  it('a browser may send perTrackSaving with the order', () => {
    const file = { originalName: 'a.wav', fileName: 'a.wav', fileSize: 1, originalFilePath: '/objects/a' };
    expect(
      CreateOrderBody.parse({
        customerEmail: 'a@b.co',
        files: [file],
        pricing: pricingForApi(computePricing(1)),
        termsAccepted: true,
      }).pricing.perTrackSaving,
    ).toBe(175);
  });
});

describe('upload size limit', () => {
  const MB = 1024 * 1024;
  it('is 500 MB per file unless the settings say otherwise', () => {
    expect(maxFileSizeBytes()).toBe(500 * MB);
    const files = [
      { name: 'ok.wav', size: 500 * MB },
      { name: 'big.wav', size: 500 * MB + 1 },
      { name: 'huge.flac', size: 2000 * MB },
    ];
    expect(oversizedFileNames(files)).toEqual(['big.wav', 'huge.flac']);
    expect(oversizedFileNames(files, 1000)).toEqual(['huge.flac']);
  });
  it('names the files in the spec message', () => {
    expect(filesTooLarge(['big.wav', 'huge.flac'])).toBe(
      'File(s) too large: big.wav, huge.flac. Maximum size is 500MB per file.',
    );
  });
});

describe('public order view', () => {
  const id = '7b0c6f1e-3f43-4a57-9d7e-2b8c2f0b6a11';
  const order = Order.parse({
    id,
    customerEmail: 'a@b.co',
    status: 'payment_confirmed',
    subtotal: 499,
    discount: 175,
    total: 324,
    trackCount: 1,
    discountPercent: 35,
    createdAt: '2026-11-22T10:00:00.000Z',
    files: [
      {
        id,
        orderId: id,
        originalName: 'Song.wav',
        fileName: 'Song.wav',
        fileSize: 10,
        mimeType: 'audio/wav',
        masteringStyle: 'Custom',
        tone: 'WARM',
        loudness: 'LOW',
        volumeMatch: 'false',
        processingStatus: 'processing',
        processingNotes: 'engineer only',
        processedAt: null,
        uploadedAt: '2026-11-22T10:00:00.000Z',
        masteredFilePath: '/objects/secret',
      },
    ],
  });
  it('leaves out the engineers notes and storage paths', () => {
    const file = OrderResponse.parse({ order }).order.files[0]!;
    expect(file).toMatchObject({ originalName: 'Song.wav', processingStatus: 'processing' });
    expect(file).not.toHaveProperty('processingNotes');
    expect(file).not.toHaveProperty('masteredFilePath');
    expect(file).not.toHaveProperty('fileName');
  });
});

describe('route parameters', () => {
  it('a customer is addressed by a valid email', () => {
    expect(CustomerEmailParam.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
    expect(CustomerEmailParam.safeParse({ email: 'x' }).success).toBe(false);
  });
});

describe('Yoco', () => {
  it('reads a payment.succeeded webhook', () => {
    const event = YocoWebhookEvent.parse({
      id: 'evt_1',
      type: 'payment.succeeded',
      createdDate: '2026-11-22T10:00:00Z',
      payload: {
        id: 'p_1',
        type: 'payment',
        amount: 32400,
        currency: 'ZAR',
        status: 'succeeded',
        metadata: { checkoutId: 'ch_1', orderId: 'o1', extra: 1 },
        paymentMethodDetails: { type: 'card' },
      },
    });
    expect(event.payload.metadata).toMatchObject({ checkoutId: 'ch_1', orderId: 'o1' });
    expect(
      YocoWebhookEvent.safeParse({
        id: 'evt',
        type: 'payment.succeeded',
        payload: { id: 'p', amount: 324.5, currency: 'ZAR' },
      }).success,
    ).toBe(false);
  });
  it('keeps fields of the checkout answer it does not check', () => {
    const checkout = YocoCheckout.parse({
      id: 'ch_1',
      redirectUrl: 'https://c.yoco.com/checkout/ch_1',
      status: 'created',
      amount: 32400,
      currency: 'ZAR',
      processingMode: 'test',
    });
    expect(checkout).toMatchObject({ redirectUrl: 'https://c.yoco.com/checkout/ch_1', processingMode: 'test' });
  });
});

describe('pricing settings from the Settings screen', () => {
  it('turns rand into the cents the server stores', () => {
    expect(PricingSettingsBody.parse({ basePrice: '499.5', launchDiscount: '35', maxFileSize: '500' })).toEqual({
      basePriceCents: 49950,
      launchDiscountPercent: 35,
      maxFileSizeMb: 500,
      launchEndsAt: null,
    });
  });
  it('refuses a free track, a discount over 100% and an empty limit', () => {
    expect(PricingSettingsBody.safeParse({ basePrice: 0, launchDiscount: 35, maxFileSize: 500 }).success).toBe(false);
    expect(PricingSettingsBody.safeParse({ basePrice: 499, launchDiscount: 101, maxFileSize: 500 }).success).toBe(
      false,
    );
    expect(PricingSettingsBody.safeParse({ basePrice: 499, launchDiscount: 35, maxFileSize: 0 }).success).toBe(false);
  });
});
