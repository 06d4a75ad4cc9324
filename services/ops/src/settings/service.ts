import type { Knex } from 'knex';
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PRICING,
  DEFAULT_SECURITY_SETTINGS,
  EmailSettings,
  GeneralSettings,
  PricingSettings,
  pricingFieldsOf,
  SaveSettingsBody,
  SecuritySettings,
  SETTINGS_AUDIT_LIMIT,
  type StoredSettings,
  type TestEmailQueued,
} from '@mastering/contracts';
import { Setting } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

// The settings rows this screen owns; `pricing` is also read by the storefront for every price.
const KEYS = ['general', 'pricing', 'security', 'email'] as const;
type Key = (typeof KEYS)[number];

/** Every stored section, defaults where nothing is saved (the SMTP password included: server side only). */
async function readSections(knex: Knex) {
  const [general, pricing, security, email] = await Promise.all([
    Setting.read(knex, 'general', GeneralSettings, DEFAULT_GENERAL_SETTINGS),
    Setting.read(knex, 'pricing', PricingSettings, DEFAULT_PRICING),
    Setting.read(knex, 'security', SecuritySettings, DEFAULT_SECURITY_SETTINGS),
    Setting.read(knex, 'email', EmailSettings, DEFAULT_EMAIL_SETTINGS),
  ]);
  return { general, pricing, security, email };
}

/**
 * The stored sections as the browser may see them (the SMTP password replaced by whether one is set),
 * the last save's author and time, and the most recent saves.
 */
export async function readSettings(knex: Knex): Promise<StoredSettings> {
  const [{ general, pricing, security, email }, last, changes] = await Promise.all([
    readSections(knex),
    Setting.query(knex).whereIn('key', [...KEYS]).withGraphJoined('updater').orderBy('settings.updatedAt', 'desc').first(),
    knex('settingsAudit as a')
      .leftJoin('users as u', 'u.id', 'a.changedBy')
      .select('a.createdAt', 'a.sections', 'u.email')
      .orderBy('a.createdAt', 'desc')
      .limit(SETTINGS_AUDIT_LIMIT),
  ]);
  const { smtpPassword, ...publicEmail } = email;
  return {
    general,
    pricing: pricingFieldsOf(pricing),
    security,
    email: { ...publicEmail, smtpPasswordSet: smtpPassword !== '' },
    updatedAt: last ? new Date(last.updatedAt).toISOString() : null,
    updatedBy: last?.updater?.email ?? null,
    recentChanges: changes.map((c: { createdAt: Date; sections: string[]; email: string | null }) => ({
      changedAt: new Date(c.createdAt).toISOString(),
      changedBy: c.email,
      sections: c.sections,
    })),
  };
}

/**
 * Saves every section sent in one transaction, recording who saved it, plus one audit row naming the
 * sections whose value changed. A section left out, and an SMTP password left out or blank, keep their
 * stored value. Answers what is now stored.
 */
export async function saveSettings(knex: Knex, body: z.output<typeof SaveSettingsBody>, userId: string): Promise<StoredSettings> {
  await knex.transaction(async (trx) => {
    // Serialises concurrent saves, so each audit row compares against what the previous save stored.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['settings']);
    const stored = await readSections(trx);
    const next: Partial<Record<Key, object>> = { general: body.general, pricing: body.pricing };
    if (body.security) next.security = body.security;
    if (body.email) next.email = { ...body.email, smtpPassword: body.email.smtpPassword || stored.email.smtpPassword };
    const changed = (Object.keys(next) as Key[]).filter((key) => !isDeepStrictEqual(next[key], stored[key]));
    for (const key of Object.keys(next) as Key[]) {
      // updated_at is set by the table's trigger on update and by its default on insert.
      await Setting.query(trx).insert({ key, value: next[key], updatedBy: userId }).onConflict('key').merge(['value', 'updatedBy']);
    }
    await trx('settingsAudit').insert({ changedBy: userId, sections: changed });
  });
  return readSettings(knex);
}

/** Queues a test mail to the admin's own address through the mail pipeline (the SMTP test button). */
export async function sendTestEmail(knex: Knex, queue: Queue, to: string): Promise<TestEmailQueued> {
  const { general } = await readSections(knex);
  const jobId = await sendMail(queue, { template: 'settings-test-email', to, params: { siteName: general.siteName, sentAt: new Date().toISOString() } });
  return { ok: true, to, jobId };
}
