// @vitest-environment jsdom
// The footer names the studio as the spec's footer does (Johannesburg) until staff give their own
// identity in Settings → General (issue 50 Deliver 7).
import { DEFAULT_GENERAL_SETTINGS, DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '../src/components/site-footer';

const footerWith = (general = DEFAULT_GENERAL_SETTINGS) =>
  renderWithProviders(<SiteFooter />, { queryData: [[['/api/config'], siteConfigFor(DEFAULT_PRICING, general)]] });

describe('the footer’s contact line', () => {
  it('shows the spec’s Johannesburg line on a site whose identity was never set', () => {
    footerWith();
    expect(screen.getByTestId('studio-identity').textContent).toContain('Johannesburg, South Africa');
  });

  it('shows the studio’s own address once staff saved one', () => {
    footerWith({ ...DEFAULT_GENERAL_SETTINGS, physicalAddress: '12 Juta Street, Braamfontein, Johannesburg, 2001' });
    const identity = screen.getByTestId('studio-identity').textContent;
    expect(identity).toContain('12 Juta Street, Braamfontein');
    expect(identity).not.toContain('Johannesburg, South Africa');
  });
});
