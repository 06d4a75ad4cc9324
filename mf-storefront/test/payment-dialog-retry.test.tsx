// @vitest-environment jsdom
// The review step's Pay sends its order with one Idempotency-Key per order attempt: when the answer is
// lost (a cut connection) and the customer presses Pay again, the same key goes again, so the server
// answers the order it already made instead of refusing the upload as already ordered.
import { DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { act } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { freshModules } from './fresh-modules';

const [{ PaymentDialog }, { redirectTo }, { orderSummary }, { renderWithProviders }] = await freshModules(() =>
  Promise.all([
    import('../src/pages/upload/payment-dialog'),
    import('../src/api/payments'),
    import('../src/lib/upload-items'),
    import('@mastering/ui/testing'),
  ]),
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

it('sends a retried order with the same key, and a new dialog (a new attempt) with a new one', async () => {
  const config = siteConfigFor(DEFAULT_PRICING);
  const orderId = '5d1f0c4e-8f5e-4a51-9d47-6a1f3b0e9a11';
  const keys: string[] = [];
  let cut = true;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/orders') {
      keys.push((init.headers as Record<string, string>)['idempotency-key']!);
      // The first answer is lost on the way back.
      if (cut) {
        cut = false;
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify({ order: { id: orderId, status: 'pending_payment', total: 499 } }), {
        status: 201,
      });
    }
    return new Response(JSON.stringify({ redirectUrl: 'https://c.yoco.com/checkout/ch_1' }));
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('alert', vi.fn());
  // The failed Pay logs its error; the alert is what the customer sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => undefined);
  const order = {
    customerEmail: 'artist@example.com',
    files: [
      {
        originalName: 'a.wav',
        fileName: 'a.wav',
        fileSize: 1000,
        mimeType: 'audio/wav',
        originalFilePath: '/objects/1',
      },
    ],
    pricing: orderSummary(1, config)!,
  };
  const dialog = () => renderWithProviders(<PaymentDialog order={order as never} config={config} onClose={() => {}} />);
  const $ = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

  const first = dialog();
  act(() => $('terms-consent').click());
  act(() => $('pay-button').click());
  await settle();
  expect(window.alert).toHaveBeenCalledTimes(1);
  act(() => $('pay-button').click());
  await settle();
  expect(assign).toHaveBeenCalledWith('https://c.yoco.com/checkout/ch_1');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  first.unmount();

  dialog();
  act(() => $('terms-consent').click());
  act(() => $('pay-button').click());
  await settle();
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
});
