// @vitest-environment jsdom
// Issue 27 item 7: the success page carries the launch-special line, the same one as the cancelled and failed pages.
import { DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { renderWithProviders } from '@mastering/ui/testing';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PaymentCancelledPage from '../src/pages/payment-cancelled/payment-cancelled';
import PaymentFailedPage from '../src/pages/payment-failed/payment-failed';
import PaymentSuccessPage from '../src/pages/payment-success/payment-success';

/** The launch banner's text on `Page`, or null when it has none. */
function launchLine(Page: ComponentType) {
  // The site config (prices, launch special) as /api/config answers it with the default pricing.
  const { container, unmount } = renderWithProviders(<Page />, {
    route: '/payment/outcome',
    queryData: [[['/api/config'], siteConfigFor(DEFAULT_PRICING)]],
  });
  const text = container.querySelector('[data-testid="launch-banner"]')?.textContent ?? null;
  unmount();
  return text;
}

beforeEach(() => {
  // Requests stay pending (no order): the pages show what they show while loading.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('payment outcome pages', () => {
  it('show the same launch-special line on success, cancelled and failed', () => {
    const cancelled = launchLine(PaymentCancelledPage);
    expect(cancelled).toMatch(/^Launch Special: /);
    expect(launchLine(PaymentFailedPage)).toBe(cancelled);
    expect(launchLine(PaymentSuccessPage)).toBe(cancelled);
  });
});
