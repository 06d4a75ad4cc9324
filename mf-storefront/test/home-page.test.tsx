// @vitest-environment jsdom
import { DEFAULT_PRICING, siteConfigFor } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import HomePage from '../src/pages/home/home';

describe('the home page', () => {
  // The chunk is compiled on first import, which may take seconds on a busy machine; the page's own wait is not what is tested.
  beforeAll(() => import('../src/pages/home/below-the-fold'));

  it('draws the hero at once and every section below it once their chunk arrives', async () => {
    const { container } = renderWithProviders(<HomePage />, {
      queryData: [
        [['/api/config'], siteConfigFor(DEFAULT_PRICING)],
        [['/api/showcase-tracks'], []],
        [['/api/testimonials'], []],
      ],
    });
    expect(screen.getByTestId('price-line')).toBeTruthy();
    expect(await screen.findByTestId('cta-start')).toBeTruthy();
    for (const id of ['how-it-works', 'examples', 'features', 'comparison'])
      expect(container.querySelector(`#${id}`), id).not.toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
