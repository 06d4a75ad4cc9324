import type { Knex } from 'knex';
import {
  MAINTENANCE_NOTICE,
  pricingInForce,
  siteConfigFor,
  type PricingSettings,
  type SiteConfig,
} from '@mastering/contracts';
import { Unavailable } from '@mastering/service-kit';
import { Setting } from '@mastering/db';
import { packOffers } from '../release-pack/service';

/**
 * The pricing settings in force: the `pricing` settings row (or the defaults when none is stored), without
 * the launch discount once its end date has passed. Pages, mails and the order charged all read this.
 */
export async function currentPricing(knex: Knex, now: Date = new Date()): Promise<PricingSettings> {
  return pricingInForce(await Setting.section(knex, 'pricing'), now);
}

/**
 * The public site configuration: price per track, launch discount and upload limit, the studio's name
 * and support address, plus any hosted
 * payment pages besides Yoco's that the browser may follow (the local sandbox's, in sandbox mode).
 */
export async function siteConfig(knex: Knex, checkoutRedirectPrefixes: readonly string[] = []): Promise<SiteConfig> {
  const [pricing, general, releasePackOffers, releases] = await Promise.all([
    currentPricing(knex),
    Setting.section(knex, 'general'),
    packOffers(knex),
    Setting.section(knex, 'releases'),
  ]);
  const config = {
    ...siteConfigFor(pricing, general),
    releasePackOffers,
    releaseTrackPriceCents: releases.releaseTrackPriceCents,
  };
  return checkoutRedirectPrefixes.length
    ? { ...config, checkoutRedirectPrefixes: [...checkoutRedirectPrefixes] }
    : config;
}

/** Refuses (503 with the notice) while staff have the site in maintenance mode. */
export async function assertTakingOrders(knex: Knex): Promise<void> {
  const general = await Setting.section(knex, 'general');
  if (general.maintenanceMode) throw new Unavailable(MAINTENANCE_NOTICE);
}
