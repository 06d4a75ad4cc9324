import type { Knex } from 'knex';
import { DEFAULT_GENERAL_SETTINGS, DEFAULT_PRICING, GeneralSettings, MAINTENANCE_NOTICE, PricingSettings, siteConfigFor, type SiteConfig } from '@mastering/contracts';
import { Unavailable } from '@mastering/service-kit';
import { Setting } from '@mastering/db';

/** The pricing settings in force: the `pricing` settings row, or the defaults when none is stored. */
export async function currentPricing(knex: Knex): Promise<PricingSettings> {
  return Setting.read(knex, 'pricing', PricingSettings, DEFAULT_PRICING);
}

/** The public site configuration: price per track, launch discount and upload limit. */
export async function siteConfig(knex: Knex): Promise<SiteConfig> {
  return siteConfigFor(await currentPricing(knex));
}

/** Refuses (503 with the notice) while staff have the site in maintenance mode. */
export async function assertTakingOrders(knex: Knex): Promise<void> {
  const general = await Setting.read(knex, 'general', GeneralSettings, DEFAULT_GENERAL_SETTINGS);
  if (general.maintenanceMode) throw new Unavailable(MAINTENANCE_NOTICE);
}
