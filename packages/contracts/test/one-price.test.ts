import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICING,
  launchEndDayOf,
  launchEndOf,
  PricingSettingsBody,
  pricingFieldsOf,
  pricingInForce,
  siteConfigFor,
  comparisonPrice,
  specialPriceLine,
} from '../src';

describe('one price everywhere', () => {
  it('prints the price checkout charges in the banners and the comparison table', () => {
    const config = siteConfigFor(DEFAULT_PRICING);
    expect(specialPriceLine(config)).toBe('professional mastering for R324 per track');
    expect(comparisonPrice(config)).toBe('R324 launch special');
    const plain = siteConfigFor({ ...DEFAULT_PRICING, launchDiscountPercent: 0 });
    expect(comparisonPrice(plain)).toBe('R499');
    expect(plain.launchSpecial).toBe(false);
  });

  it('ends the launch discount at the stored end date (then every price is the base price)', () => {
    const settings = { ...DEFAULT_PRICING, launchEndsAt: '2026-03-31T21:59:59.000Z' };
    expect(pricingInForce(settings, new Date('2026-03-31T21:59:58Z')).launchDiscountPercent).toBe(35);
    expect(pricingInForce(settings, new Date('2026-03-31T21:59:59Z')).launchDiscountPercent).toBe(0);
    expect(pricingInForce(DEFAULT_PRICING, new Date('2099-01-01')).launchDiscountPercent).toBe(35);
    expect(siteConfigFor(settings).launchEndsAt).toBe('2026-03-31T21:59:59.000Z');
    expect(siteConfigFor({ ...settings, launchDiscountPercent: 0 }).launchEndsAt).toBeNull();
  });

  it('keeps the end date typed in Settings as the last second of that South African day', () => {
    expect(launchEndOf('2026-03-31')).toBe('2026-03-31T21:59:59.000Z');
    expect(launchEndDayOf(launchEndOf('2026-03-31'))).toBe('2026-03-31');
    const saved = PricingSettingsBody.parse({
      basePrice: 499,
      launchDiscount: 35,
      maxFileSize: 500,
      launchEndsOn: '2026-03-31',
    });
    expect(saved.launchEndsAt).toBe('2026-03-31T21:59:59.000Z');
    expect(pricingFieldsOf(saved).launchEndsOn).toBe('2026-03-31');
    expect(PricingSettingsBody.parse({ basePrice: 499, launchDiscount: 35, maxFileSize: 500 }).launchEndsAt).toBeNull();
    expect(
      PricingSettingsBody.safeParse({
        basePrice: 499,
        launchDiscount: 35,
        maxFileSize: 500,
        launchEndsOn: '31/03/2026',
      }).success,
    ).toBe(false);
  });
});
