import type { Knex } from 'knex';
import { MAINTENANCE_NOTICE, siteConfigFor, type PricingSettings, type SiteConfig } from '@mastering/contracts';
import { Unavailable } from '@mastering/service-kit';
import { Setting } from '@mastering/db';

/** The pricing settings in force: the `pricing` settings row, or the defaults when none is stored. */
export async function currentPricing(knex: Knex): Promise<PricingSettings> {
  return Setting.section(knex, 'pricing');
}

/**
 * The public site configuration: price per track, launch discount and upload limit, the studio's name
 * and support address, plus any hosted
 * payment pages besides Yoco's that the browser may follow (the local sandbox's, in sandbox mode).
 */
export async function siteConfig(knex: Knex, checkoutRedirectPrefixes: readonly string[] = []): Promise<SiteConfig> {
  const [pricing, general] = await Promise.all([currentPricing(knex), Setting.section(knex, 'general')]);
  const config = siteConfigFor(pricing, general);
  return checkoutRedirectPrefixes.length
    ? { ...config, checkoutRedirectPrefixes: [...checkoutRedirectPrefixes] }
    : config;
}

/** Refuses (503 with the notice) while staff have the site in maintenance mode. */
export async function assertTakingOrders(knex: Knex): Promise<void> {
  const general = await Setting.section(knex, 'general');
  if (general.maintenanceMode) throw new Unavailable(MAINTENANCE_NOTICE);
}
