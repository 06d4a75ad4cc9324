import type { Knex } from 'knex';
import {
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PRICING,
  GeneralSettings,
  PricingSettings,
  pricingFieldsOf,
  SaveSettingsBody,
  type StoredSettings,
} from '@mastering/contracts';
import { Setting } from '@mastering/db';
import type { z } from 'zod';

// The settings rows this screen owns; `pricing` is also read by the storefront for every price.
const KEYS = ['general', 'pricing'] as const;

/** The stored General and Pricing sections (defaults where nothing is saved) and the last save's author and time. */
export async function readSettings(knex: Knex): Promise<StoredSettings> {
  const [general, pricing, last] = await Promise.all([
    Setting.read(knex, 'general', GeneralSettings, DEFAULT_GENERAL_SETTINGS),
    Setting.read(knex, 'pricing', PricingSettings, DEFAULT_PRICING),
    Setting.query(knex).whereIn('key', [...KEYS]).withGraphJoined('updater').orderBy('settings.updatedAt', 'desc').first(),
  ]);
  return {
    general,
    pricing: pricingFieldsOf(pricing),
    updatedAt: last ? new Date(last.updatedAt).toISOString() : null,
    updatedBy: last?.updater?.email ?? null,
  };
}

/** Saves both sections in one transaction, recording who saved them; answers what is now stored. */
export async function saveSettings(knex: Knex, body: z.output<typeof SaveSettingsBody>, userId: string): Promise<StoredSettings> {
  await knex.transaction(async (trx) => {
    const rows = [
      { key: 'general', value: body.general, updatedBy: userId },
      { key: 'pricing', value: body.pricing, updatedBy: userId },
    ];
    for (const row of rows) {
      // updated_at is set by the table's trigger on update and by its default on insert.
      await Setting.query(trx).insert(row).onConflict('key').merge(['value', 'updatedBy']);
    }
  });
  return readSettings(knex);
}

