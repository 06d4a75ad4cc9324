import type { Knex } from 'knex';
import { computePricing, DEFAULT_PRICING, PricingSettings } from '@mastering/contracts';

/** The pricing settings in force: the `pricing` settings row, or the defaults when none is stored. */
export async function currentPricing(knex: Knex): Promise<PricingSettings> {
  const row = await knex('settings').where({ key: 'pricing' }).first('value');
  const parsed = PricingSettings.safeParse({ ...DEFAULT_PRICING, ...(row?.value ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_PRICING;
}

/** The public site configuration: price per track, launch discount and upload limit. */
export async function siteConfig(knex: Knex) {
  const pricing = await currentPricing(knex);
  const oneTrack = computePricing(1, pricing);
  return {
    currency: 'ZAR' as const,
    basePrice: pricing.basePriceCents / 100,
    basePriceCents: pricing.basePriceCents,
    launchDiscountPercent: pricing.launchDiscountPercent,
    discountedPricePerTrack: oneTrack.total,
    maxFileSizeMb: pricing.maxFileSizeMb,
    deliveryHours: 48,
  };
}
