// @vitest-environment jsdom
import { DEFAULT_PRICING, type PricingSettings, siteConfigFor } from '@mastering/contracts';
import { renderWithProviders } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { LaunchBanner } from '../src/components/payment-outcome';
import { SiteFooter } from '../src/components/site-footer';
import { SiteHeader } from '../src/components/site-header';
import { StartMasteringProvider } from '../src/components/start-mastering';
import { Comparison } from '../src/pages/home/comparison';
import { Hero } from '../src/pages/home/hero';
import LoginPage from '../src/pages/login/login';

let host: HTMLElement;
let unmount: () => void;

/** Renders every place that prints a price or a percentage, with /api/config answered for `pricing`. */
function renderPricedPages(pricing: PricingSettings): HTMLElement {
  ({ container: host, unmount } = renderWithProviders(
    <StartMasteringProvider>
      <SiteHeader />
      <Hero />
      <Comparison />
      <LaunchBanner />
      <LoginPage />
      <SiteFooter />
    </StartMasteringProvider>,
    { queryData: [[['/api/config'], siteConfigFor(pricing)]] },
  ));
  return host;
}

const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

describe('one price everywhere (every price text from the pricing settings)', () => {
  it('shows the price checkout charges (R499 less 35 % = R324), never the spec’s fixed R299', () => {
    const page = renderPricedPages(DEFAULT_PRICING);
    expect(page.textContent).not.toContain('R299');
    expect($('price-line')!.textContent).toBe('R499 per track, 35% off');
    expect($('comparison-table')!.textContent).toContain('R324 launch special');
    expect($('launch-banner')!.textContent).toContain('professional mastering for R324 per track');
    expect($('login-launch-special')!.textContent).toContain('professional mastering for R324 per track');
    expect($('footer-launch-special')!.textContent).toBe('Launch Special: 35% off your total order');
    expect($('hero-start')!.textContent).toContain('Get 35% Off');
  });

  it('follows a changed price and discount on every page', () => {
    const page = renderPricedPages({ ...DEFAULT_PRICING, basePriceCents: 60000, launchDiscountPercent: 20 });
    expect(page.textContent).not.toMatch(/R499|R324|35%/);
    expect($('price-line')!.textContent).toBe('R600 per track, 20% off');
    expect($('comparison-table')!.textContent).toContain('R480 launch special');
    expect($('launch-banner')!.textContent).toContain('R480 per track');
    expect($('login-launch-special')!.textContent).toContain('R480 per track');
    expect($('footer-launch-special')!.textContent).toBe('Launch Special: 20% off your total order');
    expect($('hero-start')!.textContent).toContain('Get 20% Off');
  });

  it('hides the launch badge, countdown and banners at 0 % and shows the plain price', () => {
    const page = renderPricedPages({
      ...DEFAULT_PRICING,
      launchDiscountPercent: 0,
      launchEndsAt: '2099-01-01T00:00:00.000Z',
    });
    for (const id of ['launch-special', 'countdown', 'launch-banner', 'login-launch-special', 'footer-launch-special'])
      expect($(id), id).toBeNull();
    expect(page.textContent).not.toMatch(/launch special|% off/i);
    expect($('price-line')!.textContent).toBe('R499 per track');
    expect($('comparison-table')!.textContent).toContain('R499');
  });

  it('counts down to the end date stored in Settings, and shows no countdown without one', () => {
    renderPricedPages({ ...DEFAULT_PRICING, launchEndsAt: new Date(Date.now() + 3 * 3600_000 + 30_000).toISOString() });
    expect($('launch-special')).not.toBeNull();
    expect($('countdown')!.querySelector('[role="timer"]')!.getAttribute('aria-label')).toMatch(/^3 hours 0 minutes/);
    unmount();
    renderPricedPages(DEFAULT_PRICING);
    expect($('launch-special')).not.toBeNull();
    expect($('countdown')).toBeNull();
  });
});
