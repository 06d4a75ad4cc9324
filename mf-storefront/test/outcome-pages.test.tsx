// @vitest-environment jsdom
// Issue 27 item 7: the success page carries the launch-special line, the same one as the cancelled and failed pages.
import { DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { createQueryClient, ThemeProvider } from '@mastering/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PaymentCancelledPage from '../src/pages/payment-cancelled/payment-cancelled';
import PaymentFailedPage from '../src/pages/payment-failed/payment-failed';
import PaymentSuccessPage from '../src/pages/payment-success/payment-success';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The launch banner's text on `Page`, or null when it has none. */
function launchLine(Page: ComponentType) {
  const host = document.createElement('div');
  const root = createRoot(host);
  // The site config (prices, launch special) as /api/config answers it with the default pricing.
  const client = createQueryClient();
  client.setQueryData(['/api/config'], siteConfigFor(DEFAULT_PRICING));
  act(() =>
    root.render(
      <ThemeProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/payment/outcome']}>
            <Page />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  );
  const text = host.querySelector('[data-testid="launch-banner"]')?.textContent ?? null;
  act(() => root.unmount());
  return text;
}

beforeEach(() => {
  // Requests stay pending (no order): the pages show what they show while loading.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
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
