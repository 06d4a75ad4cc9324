import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { smtpRelayOf, type SmtpRelay } from '@mastering/contracts';
import { Setting } from '@mastering/db';

export type OutgoingMail = { to: string; from: string; subject: string; html: string; text: string; headers?: Record<string, string> };

/** True when the SMTP server refused the message for good (a 5xx reply): a bounce, not an outage. */
export const isPermanentRejection = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The small mailer interface the worker and health check use; nodemailer over SMTP behind it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
  /** The relay the last send or verify used. */
  describe(): { host: string; port: number };
  /** Closes its connections (a pooled mailer keeps some open). */
  close(): void;
}

type PoolOptions = { pool?: boolean; maxConnections?: number };

/** Where an SMTP URL or a saved relay points (smtps and port 465 are TLS from the first byte). */
function endpointOf(target: string | SmtpRelay): { host: string; port: number; secure: boolean } {
  if (typeof target !== 'string') return { host: target.host, port: target.port, secure: target.port === 465 };
  const url = new URL(target);
  const secure = url.protocol === 'smtps:';
  return { host: url.hostname, port: Number(url.port || (secure ? 465 : 587)), secure };
}

/**
 * Creates a mailer for an SMTP URL (smtp:// or smtps://, credentials in the URL) or a relay saved in
 * the Email settings. `pool` keeps a few connections open, which campaigns need for their rate.
 */
export function createMailer(target: string | SmtpRelay, { pool = false, maxConnections = 5 }: PoolOptions = {}): Mailer {
  const endpoint = endpointOf(target);
  const connection: SMTPTransport.Options | string =
    typeof target === 'string'
      ? target
      : { host: endpoint.host, port: endpoint.port, secure: endpoint.secure, ...(target.user ? { auth: { user: target.user, pass: target.password } } : {}) };
  const options = typeof connection === 'string' ? { url: connection } : connection;
  const transport = pool ? nodemailer.createTransport({ ...options, pool: true, maxConnections, maxMessages: Infinity }) : nodemailer.createTransport(options);
  // A pooled connection that drops is reported on the transport; the failing send already rejects, so
  // the event only needs a listener (without one it would end the process).
  transport.on('error', () => undefined);
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      return { messageId: String(info.messageId) };
    },
    async verify() {
      await transport.verify();
    },
    describe: () => ({ host: endpoint.host, port: endpoint.port }),
    close: () => transport.close(),
  };
}

/**
 * A mailer that sends through the relay saved in Admin → Settings → Email, or through `fallbackUrl`
 * (SMTP_URL) while no host is saved. It reads the setting before each send, at most once per
 * `maxAgeMs` (0: every time, so a test mail right after a save already uses the new relay; campaigns
 * pass a second to spare the database), and replaces its transport when the relay changes.
 */
export function createSettingsMailer(knex: Knex, fallbackUrl: string, { maxAgeMs = 0, ...pool }: PoolOptions & { maxAgeMs?: number } = {}): Mailer {
  let current = { key: fallbackUrl, mailer: createMailer(fallbackUrl, pool) };
  let checkedAt = -Infinity;
  async function resolve(): Promise<Mailer> {
    if (performance.now() - checkedAt < maxAgeMs) return current.mailer;
    const relay = smtpRelayOf(await Setting.section(knex, 'email'));
    checkedAt = performance.now();
    const key = relay ? JSON.stringify(relay) : fallbackUrl;
    if (key !== current.key) {
      const retired = current.mailer;
      current = { key, mailer: createMailer(relay ?? fallbackUrl, pool) };
      retired.close();
    }
    return current.mailer;
  }
  return {
    send: async (mail) => (await resolve()).send(mail),
    verify: async () => (await resolve()).verify(),
    describe: () => current.mailer.describe(),
    close: () => current.mailer.close(),
  };
}
