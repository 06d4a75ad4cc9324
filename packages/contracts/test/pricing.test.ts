import { describe, expect, it } from 'vitest';
import { computePricing, pricingForApi, pricingMatches } from '../src/pricing';

describe('computePricing (R499 per track, 35% off the total)', () => {
  it.each([
    [1, 499, 175, 324],
    [2, 998, 349, 649],
    [3, 1497, 524, 973],
    [4, 1996, 699, 1297],
    [5, 2495, 873, 1622],
  ])('%i track(s): subtotal %i, discount %i, total %i', (n, subtotal, discount, total) => {
    const p = computePricing(n);
    expect(p).toMatchObject({ subtotal, discount, total, trackCount: n, discountPercent: 35 });
    expect(p.perTrackSaving).toBeCloseTo(discount / n);
    expect([p.subtotalCents, p.discountCents, p.totalCents]).toEqual([subtotal * 100, discount * 100, total * 100]);
  });

  it('refuses a non-positive or fractional track count', () => {
    expect(() => computePricing(0)).toThrow(RangeError);
    expect(() => computePricing(1.5)).toThrow(RangeError);
  });
});

describe('computePricing with the discount staff set', () => {
  // [price in cents, percent, tracks] -> [subtotal, discount, total] in rand, worked out by hand.
  it.each([
    [59900, 20, 1, 599, 120, 479],
    [59900, 20, 2, 1198, 240, 958],
    [59900, 20, 7, 4193, 839, 3354],
    [49900, 0, 3, 1497, 0, 1497],
    [49900, 100, 2, 998, 998, 0],
    [49900, 50, 3, 1497, 749, 748],
    [19999, 15, 4, 799.96, 120, 679.96],
  ])(
    'R%i cents at %i%% for %i track(s): subtotal %d, discount %d, total %d',
    (basePriceCents, launchDiscountPercent, n, subtotal, discount, total) => {
      const p = computePricing(n, { basePriceCents, launchDiscountPercent });
      expect(p).toMatchObject({ subtotal, discount, total, trackCount: n, discountPercent: launchDiscountPercent });
      expect(p.total + p.discount).toBeCloseTo(p.subtotal, 10);
      expect(p.perTrackSaving).toBeCloseTo(discount / n, 10);
    },
  );

  it('the discount grows with the track count and never exceeds the subtotal', () => {
    let last = -1;
    for (let n = 1; n <= 20; n++) {
      const p = computePricing(n, { basePriceCents: 49950, launchDiscountPercent: 35 });
      expect(p.discount).toBeGreaterThanOrEqual(last);
      expect(p.discount).toBeLessThanOrEqual(p.subtotal);
      expect(Number.isInteger(p.discount)).toBe(true);
      last = p.discount;
    }
  });

  it('a browser that priced with another discount is refused', () => {
    const server = computePricing(2, { basePriceCents: 59900, launchDiscountPercent: 20 });
    expect(pricingMatches(pricingForApi(server), server)).toBe(true);
    expect(pricingMatches(pricingForApi(computePricing(2)), server)).toBe(false);
  });
});

describe('pricingMatches', () => {
  const server = computePricing(2);
  it('accepts the same figures', () => {
    expect(
      pricingMatches({ subtotal: 998, discount: 349, total: 649, trackCount: 2, discountPercent: 35 }, server),
    ).toBe(true);
  });
  it.each([
    ['a lower total', { total: 1 }],
    ['a bigger discount', { discount: 500 }],
    ['another track count', { trackCount: 1 }],
    ['another percent', { discountPercent: 90 }],
  ])('rejects %s', (_, change) => {
    expect(
      pricingMatches(
        { subtotal: 998, discount: 349, total: 649, trackCount: 2, discountPercent: 35, ...change },
        server,
      ),
    ).toBe(false);
  });
});

describe('computePricing in cents', () => {
  it('prices a rand-and-cents price exactly and rounds only the discount', () => {
    // R499.50 x 3 = R1498.50; 35% = R524.475 -> R524; total R974.50.
    expect(computePricing(3, { basePriceCents: 49950, launchDiscountPercent: 35 })).toMatchObject({
      subtotal: 1498.5,
      discount: 524,
      total: 974.5,
      subtotalCents: 149850,
      discountCents: 52400,
      totalCents: 97450,
    });
  });
  it('rounds a half rand up', () => {
    // R100 x 1 x 12.5% = R12.50 -> R13.
    expect(computePricing(1, { basePriceCents: 10000, launchDiscountPercent: 12.5 }).discount).toBe(13);
  });
  it('a browser that rounded the discount differently is caught', () => {
    const server = computePricing(3, { basePriceCents: 49950, launchDiscountPercent: 35 });
    expect(pricingMatches({ ...server, discount: 524.48, total: 974.02 }, server)).toBe(false);
    expect(
      pricingMatches({ subtotal: 1498.5, discount: 524, total: 974.5, trackCount: 3, discountPercent: 35 }, server),
    ).toBe(true);
  });
});
