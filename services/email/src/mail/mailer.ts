import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { smtpRelayOf, type SmtpCheck, type SmtpRelay } from '@mastering/contracts';
import { Setting } from '@mastering/db';
import { openSmtpPassword, type Secrets } from '@mastering/service-kit';

export type OutgoingMail = {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** The Message-ID header: the same on every try of one message, so a mailbox shows a resend once. */
  messageId?: string;
  /** Files sent with the mail (an invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** True when the SMTP server refused the message for good (a 5xx reply): a bounce, not an outage. */
export const isPermanentRejection = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

// TLS failures as node and nodemailer report them (nodemailer files most under ESOCKET): our own TLS
// library's words, never the server's.
const TLS_FAILURE = /certificate|self[- ]signed|ssl|tls|handshake|wrong version|unable to verify|alert/i;

/**
 * What a failed SMTP connection or send may be reported as: timed out, TLS failed (no STARTTLS where it
 * is required, a bad certificate), else refused (closed port, not an SMTP server, login or message
 * refused). The server's own text (its banner, its reply) is never part of it: the health check and
 * the test mail would otherwise read any server's banner for whoever can save a relay host.
 */
export function smtpCheckOf(err: unknown): Exclude<SmtpCheck, 'reachable'> {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; reason?: unknown };
  const code = String(e.code ?? '');
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT') return 'timed out';
  if (code === 'ETLS' || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || typeof e.reason === 'string')
    return 'TLS failed';
  // ESOCKET's message is the local socket's (connect ECONNREFUSED, certificate has expired): safe to read.
  if (code === 'ESOCKET' && TLS_FAILURE.test(String(e.message ?? ''))) return 'TLS failed';
  return 'refused';
}

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

// A relay that does not answer is reported within seconds, not after nodemailer's minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000 };

/**
 * Creates a mailer for an SMTP URL (smtp:// or smtps://, credentials in the URL) or a relay saved in
 * the Email settings (its password in plain text here). A saved relay must offer STARTTLS (or be TLS
 * from the first byte on 465) unless its `requireTls` is off, and its certificate must be valid.
 * `pool` keeps a few connections open, which campaigns need for their rate.
 */
export function createMailer(
  target: string | SmtpRelay,
  { pool = false, maxConnections = 5 }: PoolOptions = {},
): Mailer {
  const endpoint = endpointOf(target);
  const connection: SMTPTransport.Options | string =
    typeof target === 'string'
      ? target
      : {
          host: endpoint.host,
          port: endpoint.port,
          secure: endpoint.secure,
          requireTLS: target.requireTls,
          ...(target.user ? { auth: { user: target.user, pass: target.password } } : {}),
        };
  const options = { ...TIMEOUTS, ...(typeof connection === 'string' ? { url: connection } : connection) };
  const transport = pool
    ? nodemailer.createTransport({ ...options, pool: true, maxConnections, maxMessages: Infinity })
    : nodemailer.createTransport(options);
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
 * pass a second to spare the database), and replaces its transport when the relay changes. The saved
 * password is opened with `keys` (it is stored sealed).
 */
export function createSettingsMailer(
  knex: Knex,
  fallbackUrl: string,
  { keys, maxAgeMs = 0, ...pool }: PoolOptions & { keys: Secrets; maxAgeMs?: number },
): Mailer {
  let current = { key: fallbackUrl, mailer: createMailer(fallbackUrl, pool) };
  let checkedAt = -Infinity;
  async function resolve(): Promise<Mailer> {
    if (performance.now() - checkedAt < maxAgeMs) return current.mailer;
    const relay = smtpRelayOf(await Setting.section(knex, 'email'));
    checkedAt = performance.now();
    const key = relay ? JSON.stringify(relay) : fallbackUrl;
    if (key !== current.key) {
      const retired = current.mailer;
      const target = relay ? { ...relay, password: openSmtpPassword(keys, relay.host, relay.password) } : fallbackUrl;
      current = { key, mailer: createMailer(target, pool) };
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
