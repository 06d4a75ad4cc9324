import type { Knex } from 'knex';
import { DEFAULT_PRICING, PricingSettings, siteConfigFor, type SiteConfig } from '@mastering/contracts';
import { Setting } from '@mastering/db';

/** The pricing settings in force: the `pricing` settings row, or the defaults when none is stored. */
export async function currentPricing(knex: Knex): Promise<PricingSettings> {
  return Setting.read(knex, 'pricing', PricingSettings, DEFAULT_PRICING);
}

/** The public site configuration: price per track, launch discount and upload limit. */
export async function siteConfig(knex: Knex): Promise<SiteConfig> {
  return siteConfigFor(await currentPricing(knex));
}
