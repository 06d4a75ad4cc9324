import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { backoffStrategies } from 'agenda';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createQueue, startProducer, type Queue } from '@mastering/jobs';
import { createLogger, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import type { Role } from '@mastering/contracts';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createMailer } from '../src/mail/mailer';
import { createLinkSigner } from '../src/tracking/links';
import { startMailWorker } from '../src/worker';

export const SECRET = 'e'.repeat(40);
export const PUBLIC_URL = 'http://mail.test';

/** A received mail, parsed, with the envelope recipient. */
export type Received = ParsedMail & { envelopeTo: string };

/**
 * A real SMTP server on a free port that parses and keeps what it accepts. `down` refuses every
 * connection (421, an outage); addresses in `reject` are refused for good (550, a bounce).
 */
export async function smtpSink() {
  const state = { received: [] as Received[], down: false, reject: new Set<string>() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.down) return callback();
      const err = Object.assign(new Error('Service not available'), { responseCode: 421 });
      callback(err);
    },
    onRcptTo(address, _session, callback) {
      if (state.reject.has(address.address.toLowerCase())) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo) state.received.push(Object.assign(mail, { envelopeTo: to.address.toLowerCase() }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    ...state,
    get received() {
      return state.received;
    },
    set down(value: boolean) {
      state.down = value;
    },
    reject: state.reject,
    url: `smtp://127.0.0.1:${port}`,
    /** Mails that reached `to`. */
    to: (to: string) => state.received.filter((m) => m.envelopeTo === to.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof smtpSink>>;

/** A short retry policy so an outage test recovers in well under a second per retry. */
export const FAST_BACKOFF = backoffStrategies.constant({ delay: 200, maxRetries: 50 });

/**
 * The email service for one test file: a fresh database, a real SMTP sink, the HTTP API over real
 * HTTP, and a mail worker (queue polling every 200 ms as the safety net under LISTEN/NOTIFY).
 */
export function emailPerFile({ campaignRate = 0 }: { campaignRate?: number } = {}) {
  const ctx = {} as { db: TestDatabase; base: string; smtp: SmtpSink; queue: Queue; links: ReturnType<typeof createLinkSigner> };
  let server: Server | undefined;
  let worker: Queue | undefined;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.smtp = await smtpSink();
    const config = readConfig({ DATABASE_URL: ctx.db.connectionString, IDENTITY_SECRET: SECRET, SMTP_URL: ctx.smtp.url, PUBLIC_URL });
    ctx.links = createLinkSigner(SECRET, PUBLIC_URL);
    ctx.queue = createQueue({ connectionString: ctx.db.connectionString, name: 'email-api-test' });
    await startProducer(ctx.queue);
    worker = createQueue({ connectionString: ctx.db.connectionString, name: 'email-worker-test', processEvery: '200 milliseconds' });
    const logger = createLogger('email-test', 'silent');
    await startMailWorker({
      queue: worker,
      knex: ctx.db.knex,
      mailer: createMailer(ctx.smtp.url),
      campaignMailer: createMailer(ctx.smtp.url, { pool: true, maxConnections: 2 }),
      from: 'Studio <studio@example.com>',
      links: ctx.links,
      siteUrl: PUBLIC_URL,
      logger,
      mailConcurrency: 3,
      campaignRate,
      campaignConcurrency: 2,
      backoff: FAST_BACKOFF,
    });
    const app = buildApp({ config, knex: ctx.db.knex, mailer: createMailer(ctx.smtp.url), queue: ctx.queue, logger });
    server = createServer(app.callback());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    ctx.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server?.close();
    await worker?.stop();
    await ctx.queue?.stop();
    await ctx.smtp?.close();
    await ctx.db?.destroy();
  });
  return ctx;
}

/** The signed identity header of a caller with `role`. */
export async function identityAs(role: Role, userId = '7a1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f') {
  return { [IDENTITY_HEADER]: await signIdentity({ userId, email: `${role}@example.com`, role, sessionId: 's1' }, SECRET) };
}

/** Calls the API as `role` (or anonymously) with an optional JSON body. */
export async function call(base: string, method: string, path: string, { role, body }: { role?: Role; body?: unknown } = {}) {
  const headers: Record<string, string> = role ? await identityAs(role) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}
