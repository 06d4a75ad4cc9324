import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { backoffStrategies } from 'agenda';
import type { TestDatabase } from '@mastering/db/testing';
import { createQueue, startProducer } from '@mastering/jobs';
import { createDownloadLinks, createLogger } from '@mastering/service-kit';
import { identityHeaders, perFile, serveOverHttp } from '@mastering/service-kit/testing';
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
  const state = { received: [] as Received[], down: false, reject: new Set<string>(), holdAfter: Infinity };
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const server = new SMTPServer({
    // Closing waits this long for connected clients (a mailer's pooled connection) before cutting them:
    // smtp-server's default is 30 s, which every test file using the sink spent in its afterAll.
    closeTimeout: 100,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (!state.down) return callback();
      const err = Object.assign(new Error('Service not available'), { responseCode: 421 });
      callback(err);
    },
    onRcptTo(address, _session, callback) {
      if (state.reject.has(address.address.toLowerCase()))
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      if (state.received.length >= state.holdAfter) {
        // Never answered: the client is left waiting for the 250 that would make the message delivered.
        stream.resume();
        held();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo)
            state.received.push(Object.assign(mail, { envelopeTo: to.address.toLowerCase() }));
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-message (the killed worker) resets its connection: expected, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    get received() {
      return state.received;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    reject: state.reject,
    /** Leaves every message after the first `count` unanswered (a worker killed mid-send); resolves when that happens. */
    holdAfter(count: number) {
      state.holdAfter = count;
      return holding;
    },
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
 * The email service for one test file (on the service test kit): a fresh database, a real SMTP sink,
 * the HTTP API over real HTTP, and a mail worker (queue polling every 0.2 s as the safety net under
 * LISTEN/NOTIFY).
 */
export function emailPerFile({
  campaignRate = 0,
  worker: withWorker = true,
}: {
  campaignRate?: number;
  worker?: boolean;
} = {}) {
  return perFile(async (db) => {
    const smtp = await smtpSink();
    const config = readConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: SECRET,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
    });
    const links = createLinkSigner(SECRET, PUBLIC_URL);
    const queue = createQueue({ connectionString: db.connectionString, name: 'email-api-test' });
    await startProducer(queue);
    const logger = createLogger('email-test', 'silent');
    const worker = withWorker ? await testWorker(db, smtp.url, 'email-worker-test', { campaignRate }) : undefined;
    const app = buildApp({ config, knex: db.knex, mailer: createMailer(smtp.url), queue, logger });
    const served = await serveOverHttp(app);
    return {
      base: served.base,
      smtp,
      queue,
      links,
      close: async () => {
        await served.close();
        await worker?.stop();
        await queue.stop();
        await smtp.close();
      },
    };
  });
}

/** A mail worker process stand-in on `db`: its own queue (polls every 0.2 s), mailers and knex pool. */
export async function testWorker(
  db: TestDatabase,
  smtpUrl: string,
  name: string,
  {
    campaignRate = 0,
    campaignConcurrency = 2,
    mailClaimMs,
  }: { campaignRate?: number; campaignConcurrency?: number; mailClaimMs?: number } = {},
) {
  const queue = createQueue({ connectionString: db.connectionString, name, processEvery: '0.2 seconds' });
  await startMailWorker({
    queue,
    knex: db.knex,
    mailer: createMailer(smtpUrl),
    campaignMailer: createMailer(smtpUrl, { pool: true, maxConnections: campaignConcurrency }),
    from: 'Studio <studio@example.com>',
    links: createLinkSigner(SECRET, PUBLIC_URL),
    downloads: createDownloadLinks(SECRET),
    siteUrl: PUBLIC_URL,
    logger: createLogger(name, 'silent'),
    mailConcurrency: 3,
    campaignRate,
    campaignConcurrency,
    backoff: FAST_BACKOFF,
    mailClaimMs,
  });
  return queue;
}

/** The signed identity header of a caller with `role`. */
export const identityAs = (role: Role, userId = '7a1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f') =>
  identityHeaders(SECRET, role, { userId });

/** Calls the API as `role` (or anonymously) with an optional JSON body. */
export async function call(
  base: string,
  method: string,
  path: string,
  { role, body }: { role?: Role; body?: unknown } = {},
) {
  const headers: Record<string, string> = role ? await identityAs(role) : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/**
 * A mail worker in its own process (fixtures/campaign-worker.ts) on `db`, for the tests that SIGKILL one
 * mid-send: resolves once it is ready. `env` adds settings (e.g. MAIL_CLAIM_MS).
 */
export async function workerProcess(
  db: TestDatabase,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/campaign-worker.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: db.connectionString,
        SMTP_URL: smtpUrl,
        IDENTITY_SECRET: SECRET,
        PUBLIC_URL,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

/** Kills `child` with SIGKILL (no cleanup, as a crash) and resolves once it has exited. */
export async function killProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
