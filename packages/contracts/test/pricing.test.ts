import { describe, expect, it } from 'vitest';
import { computePricing, DEFAULT_PRICING, pricingMatches } from '../src/pricing';

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

  it('follows the settings', () => {
    expect(computePricing(2, { basePriceCents: 59900, launchDiscountPercent: 20 })).toMatchObject({ subtotal: 1198, discount: 240, total: 958 });
    expect(computePricing(1, { basePriceCents: 49900, launchDiscountPercent: 0 })).toMatchObject({ discount: 0, total: 499 });
  });

  it('refuses a non-positive or fractional track count', () => {
    expect(() => computePricing(0)).toThrow(RangeError);
    expect(() => computePricing(1.5)).toThrow(RangeError);
  });

  it('defaults are the spec numbers', () => {
    expect(DEFAULT_PRICING).toEqual({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb: 500 });
  });
});

describe('pricingMatches', () => {
  const server = computePricing(2);
  it('accepts the same figures', () => {
    expect(pricingMatches({ subtotal: 998, discount: 349, total: 649, trackCount: 2, discountPercent: 35 }, server)).toBe(true);
  });
  it.each([
    ['a lower total', { total: 1 }],
    ['a bigger discount', { discount: 500 }],
    ['another track count', { trackCount: 1 }],
    ['another percent', { discountPercent: 90 }],
  ])('rejects %s', (_, change) => {
    expect(pricingMatches({ subtotal: 998, discount: 349, total: 649, trackCount: 2, discountPercent: 35, ...change }, server)).toBe(false);
  });
});

describe('computePricing in cents', () => {
  it('prices a rand-and-cents price exactly and rounds only the discount', () => {
    // R499.50 x 3 = R1498.50; 35% = R524.475 -> R524; total R974.50.
    expect(computePricing(3, { basePriceCents: 49950, launchDiscountPercent: 35 })).toMatchObject({
      subtotal: 1498.5, discount: 524, total: 974.5, subtotalCents: 149850, discountCents: 52400, totalCents: 97450,
    });
  });
  it('rounds a half rand up', () => {
    // R100 x 1 x 12.5% = R12.50 -> R13.
    expect(computePricing(1, { basePriceCents: 10000, launchDiscountPercent: 12.5 }).discount).toBe(13);
  });
  it('a browser that rounded the discount differently is caught', () => {
    const server = computePricing(3, { basePriceCents: 49950, launchDiscountPercent: 35 });
    expect(pricingMatches({ ...server, discount: 524.48, total: 974.02 }, server)).toBe(false);
    expect(pricingMatches({ subtotal: 1498.5, discount: 524, total: 974.5, trackCount: 3, discountPercent: 35 }, server)).toBe(true);
  });
});
