import type { Knex } from 'knex';
import {
  DEFAULT_RELAY_NAME,
  SmtpCheck,
  type EmailSettings,
  type Identity,
  plaintextAllowed,
  pricingFieldsOf,
  type SaveSettingsBody,
  SETTINGS_AUDIT_LIMIT,
  SMTP_PASSWORD_REQUIRED_AGAIN,
  smtpRelayOf,
  type StoredSettings,
  type TestEmailQueued,
  type TestEmailStatus,
} from '@mastering/contracts';
import { EmailMessage, Setting, SettingsAudit } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { BadRequest, isSealed, openSmtpPassword, sealSmtpPassword, type Secrets } from '@mastering/service-kit';
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { StorefrontWrites } from '../storefront-writes';

// The settings rows this screen owns; `pricing` is also read by the storefront for every price.
const KEYS = ['general', 'pricing', 'security', 'email', 'delivery'] as const;
type Key = (typeof KEYS)[number];

/** Every stored section, defaults where nothing is saved (the SMTP password included: server side only). */
async function readSections(knex: Knex) {
  const [general, pricing, security, email, delivery] = await Promise.all([
    Setting.section(knex, 'general'),
    Setting.section(knex, 'pricing'),
    Setting.section(knex, 'security'),
    Setting.section(knex, 'email'),
    Setting.section(knex, 'delivery'),
  ]);
  return { general, pricing, security, email, delivery };
}

/**
 * The stored sections as the browser may see them (the SMTP password replaced by whether one is set),
 * the last save's author and time, and the most recent saves.
 */
export async function readSettings(knex: Knex): Promise<StoredSettings> {
  const [{ general, pricing, security, email, delivery }, last, changes] = await Promise.all([
    readSections(knex),
    Setting.query(knex)
      .whereIn('key', [...KEYS])
      .withGraphJoined('updater')
      .orderBy('settings.updatedAt', 'desc')
      .first(),
    SettingsAudit.query(knex).withGraphJoined('changer').modify('newestFirst').limit(SETTINGS_AUDIT_LIMIT),
  ]);
  const { smtpPassword, ...publicEmail } = email;
  return {
    general,
    pricing: pricingFieldsOf(pricing),
    security,
    email: { ...publicEmail, smtpPasswordSet: smtpPassword !== '' },
    revisions: {
      freeRevisions: delivery.freeRevisions,
      revisionWindowDays: delivery.revisionWindowDays,
      revisionHours: delivery.revisionHours,
    },
    updatedAt: last ? new Date(last.updatedAt).toISOString() : null,
    updatedBy: last?.updater?.email ?? null,
    recentChanges: changes.map((change) => change.toApi()),
  };
}

/** The parts of the relay a stored password is tied to: where it goes, as whom, and whether TLS is required. */
const relayOf = (email: Pick<EmailSettings, 'smtpHost' | 'smtpPort' | 'smtpUser' | 'smtpPlaintextHost'>) =>
  [email.smtpHost.toLowerCase(), email.smtpPort, email.smtpUser, plaintextAllowed(email)].join('|');

/**
 * The Email section to store: a new password sealed for its host. No new password keeps the stored one
 * only while the relay stays the same (host, port, user and TLS exemption): a save that changes any of them
 * without the password is refused (400 SMTP_PASSWORD_REQUIRED_AGAIN), so the password never goes to a
 * server, a port or a plain-text connection it was not typed for; a relay without a user keeps no password.
 * A password stored before sealing existed is sealed now. The same password typed again keeps its sealed
 * value, so the audit does not call an unchanged section changed.
 */
export function emailToStore(
  body: NonNullable<z.output<typeof SaveSettingsBody>['email']>,
  stored: EmailSettings,
  keys: Secrets,
): EmailSettings {
  const seal = (password: string) => sealSmtpPassword(keys, body.smtpHost, password);
  if (!body.smtpPassword) {
    if (!stored.smtpPassword || !body.smtpUser) return { ...body, smtpPassword: '' };
    if (relayOf(body) !== relayOf(stored)) throw new BadRequest(SMTP_PASSWORD_REQUIRED_AGAIN);
    const kept = stored.smtpPassword;
    return { ...body, smtpPassword: isSealed(kept) ? kept : seal(kept) };
  }
  const sameHost = body.smtpHost.toLowerCase() === stored.smtpHost.toLowerCase();
  const kept = sameHost ? stored.smtpPassword : '';
  const unchanged = isSealed(kept) && openedOrNull(keys, body.smtpHost, kept) === body.smtpPassword;
  return { ...body, smtpPassword: unchanged ? kept : seal(body.smtpPassword) };
}

/** A sealed password in plain text, or null when no key of the ring opens it any more. */
function openedOrNull(keys: Secrets, host: string, sealed: string): string | null {
  try {
    return openSmtpPassword(keys, host, sealed);
  } catch {
    return null;
  }
}

/**
 * Saves every section sent in one transaction, recording who saved it, plus one audit row naming the
 * sections whose value changed. A section left out keeps its stored value; so does an SMTP password
 * left out or blank, while the relay stays the same (see emailToStore). A security section then has
 * the storefront (the sessions' owner) cap every session to its timeout; if that call fails the save
 * answers its error (502) and saving again applies it. Answers what is now stored.
 */
export async function saveSettings(
  { knex, keys, storefront }: { knex: Knex; keys: Secrets; storefront: StorefrontWrites },
  body: z.output<typeof SaveSettingsBody>,
  caller: Identity,
): Promise<StoredSettings> {
  const userId = caller.userId;
  await knex.transaction(async (trx) => {
    // Serialises concurrent saves, so each audit row compares against what the previous save stored.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['settings']);
    const stored = await readSections(trx);
    const next: Partial<Record<Key, object>> = { general: body.general, pricing: body.pricing };
    if (body.security) next.security = body.security;
    if (body.email) next.email = emailToStore(body.email, stored.email, keys);
    if (body.revisions) next.delivery = { ...stored.delivery, ...body.revisions };
    const changed = (Object.keys(next) as Key[]).filter((key) => !isDeepStrictEqual(next[key], stored[key]));
    for (const key of Object.keys(next) as Key[]) {
      // updated_at is set by the table's trigger on update and by its default on insert.
      await Setting.query(trx)
        .insert({ key, value: next[key], updatedBy: userId })
        .onConflict('key')
        .merge(['value', 'updatedBy']);
    }
    await SettingsAudit.query(trx).insert({ changedBy: userId, sections: changed });
  });
  // A shortened timeout applies to everyone at once (see Session.capLifetime).
  if (body.security) await storefront.capSessions(caller, body.security.sessionTimeout);
  return readSettings(knex);
}

/** Queues a test mail to the admin's own address through the mail pipeline (the SMTP test button). */
export async function sendTestEmail(knex: Knex, queue: Queue, to: string): Promise<TestEmailQueued> {
  const { general } = await readSections(knex);
  const jobId = await sendMail(queue, {
    template: 'settings-test-email',
    to,
    params: { siteName: general.siteName, sentAt: new Date().toISOString() },
  });
  return { ok: true, to, jobId };
}

/**
 * Where the test mail of job `jobId` is: queued until the email worker records it, then its message's
 * state and, when it failed, why in the words of SmtpCheck (never the server's own text); with the relay the saved Email
 * settings choose (the same rule the worker sends by).
 */
export async function testEmailStatus(knex: Knex, jobId: string): Promise<TestEmailStatus> {
  const [message, email] = await Promise.all([
    EmailMessage.query(knex).findOne({ jobId, template: 'settings-test-email' }),
    Setting.section(knex, 'email'),
  ]);
  const relay = smtpRelayOf(email);
  const via = relay ? `${relay.host}:${relay.port}` : DEFAULT_RELAY_NAME;
  if (!message) return { jobId, to: null, state: 'queued', error: null, via };
  const state =
    message.status === 'sent' || message.status === 'failed' || message.status === 'sending'
      ? message.status
      : 'queued';
  // The worker records only what the check may say; an older row's server text is not shown either.
  const error = state === 'failed' ? (SmtpCheck.safeParse(message.lastError).data ?? 'refused') : null;
  return { jobId, to: message.toEmail, state, error, via };
}
