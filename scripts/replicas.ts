// `npm run test:replicas [-- --visitors 20]` (and a part of `npm test`): two of every service and of the
// gateway (REPLICAS=2, a throwaway stack on free ports), HAProxy on the site's one address, driven by
// visitors that read (public pages, and the back-office as a signed-in admin), upload (whole PUT and
// resumable tus in small chunks), order, start a checkout and pay on the Yoco sandbox, all through the
// balancer, while one fault after another strikes: SIGKILL to a replica of each service, to a gateway,
// to the mail inbox (MailDev), each started again by the supervisor (the test does not restart them),
// and one restart of PostgreSQL.
//
// Every attempted write is counted. A write is acknowledged when it got its success answer; one that
// met a retryable answer is sent again by the visitor, as a browser's user would (RETRYABLE below: a cut
// or refused connection, 502/503/504: the balancer or gateway found no replica, or the service's
// database was away), and it fails unless it succeeds within RETRY_FOR_MS. Any other answer fails it,
// but for one: a whole-body PUT sent again and told its upload is already complete was stored by its
// earlier try (counted apart; its bytes are checked by hash like every upload's).
// A read fails on any answer but 200, except the services' own "database unavailable" 503 with
// Retry-After during the PostgreSQL restart, which it asks again (counted). tus uploads retry per the
// tus protocol (the client asks the offset and resumes).
//
// Passes only on counts: 0 failed reads, 0 failed writes, every acknowledged upload's bytes read back
// from storage with the same SHA-256, every acknowledged order in the database, every paid order
// confirmed with exactly one confirmation mail in MailDev, every mail delivered exactly once (MailDev
// against email_messages), every fault struck and its process back, and no process given up on.
// Prints the figures. A write retried after its first try had reached the service (a killed gateway or
// replica mid-request) must not be applied twice: each order attempt (and its checkout) carries its own
// Idempotency-Key, so a retry gets the first answer (counted as "found done by an earlier try", a retry,
// not a duplicate); an order applied twice fails the run.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';
import {
  computePricing,
  pricingForApi,
  SiteConfig,
  UPLOAD_ALREADY_COMPLETED,
  UploadUrlResponse,
} from '@mastering/contracts';
import { createKnex, EmailMessage, freePort, Order, Upload } from '@mastering/db';
import { createStorage, readStorageConfig } from '@mastering/storage';
import { oneTrackOrder, send, signInByMail, tinyWav, type Answer } from './lib/site-client';
import { createStack } from './lib/stack';
import { throwawaySite } from './lib/throwaway-stack';

const { values: args } = parseArgs({ options: { visitors: { type: 'string', default: '20' } } });
const VISITORS = Number(args.visitors);
/** Traffic before the first fault, and after each fault's process is back before the next. */
const WARM_UP_MS = 3_000;
const BETWEEN_FAULTS_MS = 2_000;
/** How long a killed process may take to be started again by the supervisor and be ready. */
const BACK_WITHIN_MS = 30_000;
/** The answers after which a write may be sent again (besides a cut or refused connection). */
const RETRYABLE = new Set([502, 503, 504]);
/** How long a write keeps being sent again, and the pause between two tries. */
const RETRY_FOR_MS = 30_000;
const RETRY_PAUSE_MS = 200;
/** How long after the run paid orders may take to be confirmed and their mails to be sent. */
const SETTLE_MS = 60_000;
const ADMIN = 'admin@example.com';

type WriteKind = 'open upload' | 'upload (PUT)' | 'upload (tus)' | 'order' | 'checkout' | 'pay';
const KINDS: WriteKind[] = ['open upload', 'upload (PUT)', 'upload (tus)', 'order', 'checkout', 'pay'];
const figures = {
  reads: 0,
  readsAskedAgain: 0,
  failedReads: [] as string[],
  writes: Object.fromEntries(
    KINDS.map((k) => [k, { attempted: 0, acknowledged: 0, retries: 0, doneByEarlierTry: 0 }]),
  ) as Record<WriteKind, { attempted: number; acknowledged: number; retries: number; doneByEarlierTry: number }>,
  failedWrites: [] as string[],
  /** The answers writes were sent again after (0: a cut or refused connection), with how many. */
  retriedOn: new Map<number, number>(),
  /** Acknowledged uploads: id -> SHA-256 of the bytes sent. */
  uploads: new Map<string, string>(),
  orders: [] as { id: string; email: string }[],
  paid: [] as string[],
  faults: [] as string[],
  faultErrors: [] as string[],
};
const deaths: string[] = [];
const restarts: string[] = [];

const site = await throwawaySite('mastering-replicas');
// The inbox keeps every mail: the test reads each one back (the default keeps the newest 500).
const env: Record<string, string> = {
  ...site.env,
  REPLICAS: '2',
  GATEWAYS_PORT: String(await freePort()),
  MAILDEV_KEEP_EMAILS: '0',
};
const stack = createStack({
  dataDir: site.dataDir,
  env,
  log: (line) => void (line.startsWith('↻') && restarts.push(line.slice(2))),
  buildFrontEnd: false,
  onDeath: (name, code, tail, reason) =>
    deaths.push(`${name} (code ${code}${reason ? `, ${reason}` : ''}): ${tail.slice(-5).join(' | ')}`),
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const errorAnswer = (err: Error): Answer => ({ status: 0, headers: {}, body: err.message });

let passed = false;
const began = performance.now();
try {
  const started = await stack.start();
  const startedIn = (performance.now() - began) / 1000;
  const siteUrl = started.siteUrl;
  const knex = createKnex(started.databaseUrl);
  const storage = createStorage(
    readStorageConfig({ ...env, STORAGE_DIR: env.STORAGE_DIR ?? path.join(site.dataDir, 'storage') }),
  );
  const inbox = started.inboxUrl!.replace('localhost', '127.0.0.1');
  const agent = new Agent({ keepAlive: true });
  const json = { 'content-type': 'application/json' };
  const call = (path: string, method: string, headers: Record<string, string>, body?: string | Buffer) =>
    send(agent, `${siteUrl}${path}`, method, headers, body).catch(errorAnswer);
  type Mail = { id: string; headers?: Record<string, string>; subject: string; to: { address: string }[] };
  const mails = async () => (await (await fetch(`${inbox}/api/email`)).json()) as Mail[];

  // The admin signs in once, before the faults (the session then works on whichever replica answers).
  const admin = await signInByMail(siteUrl, inbox, ADMIN);

  const config = SiteConfig.parse(JSON.parse((await call('/api/config', 'GET', {})).body));
  const pricing = pricingForApi(computePricing(1, config));
  /** Reads of every service: storefront, content and ops in public, ops and email as the admin. */
  const READS: [string, Record<string, string>][] = [
    ['/api/config', {}],
    ['/api/showcase-tracks', {}],
    ['/api/legal/terms', {}],
    ['/api/admin/orders?limit=5', { cookie: admin }],
    ['/api/admin/email-templates', { cookie: admin }],
  ];

  /**
   * One write, sent again after a retryable answer (see RETRYABLE) for at most RETRY_FOR_MS: its answer
   * when it got `expected`, else null, the failure recorded.
   */
  const write = async (
    kind: WriteKind,
    expected: number,
    attempt: () => Promise<Answer>,
    doneBefore: (answer: Answer) => boolean = () => false,
  ): Promise<Answer | null> => {
    const tally = figures.writes[kind];
    tally.attempted += 1;
    const giveUpAt = Date.now() + RETRY_FOR_MS;
    for (let tries = 1; ; tries++) {
      const answer = await attempt();
      if (answer.status === expected) {
        tally.acknowledged += 1;
        // The server answered an earlier try's result again (the Idempotency-Key): a retry, not a second write.
        if (answer.headers['idempotent-replayed'] === 'true') tally.doneByEarlierTry += 1;
        return answer;
      }
      // A try sent again may learn that an earlier one took effect (its answer was what got lost).
      if (tries > 1 && doneBefore(answer)) {
        tally.acknowledged += 1;
        tally.doneByEarlierTry += 1;
        return answer;
      }
      const retryable = answer.status === 0 || RETRYABLE.has(answer.status);
      if (!retryable || Date.now() > giveUpAt) {
        figures.failedWrites.push(`${kind}: ${answer.status} ${answer.body.slice(0, 120)}`);
        return null;
      }
      tally.retries += 1;
      figures.retriedOn.set(answer.status, (figures.retriedOn.get(answer.status) ?? 0) + 1);
      await delay(RETRY_PAUSE_MS);
    }
  };
  const read = async (path: string, headers: Record<string, string>) => {
    figures.reads += 1;
    for (let asked = 0; ; asked++) {
      const answer = await call(path, 'GET', headers);
      if (answer.status === 200) return;
      // The services' own answer while their database is away (service-kit's errors.ts): ask again.
      if (answer.status === 503 && answer.headers['retry-after'] && asked < 50) {
        figures.readsAskedAgain += 1;
        await delay(RETRY_PAUSE_MS);
        continue;
      }
      figures.failedReads.push(`GET ${path}: ${answer.status} ${answer.body.slice(0, 100)}`);
      return;
    }
  };
  /** The resumable way: tus in 4 KB chunks through the balancer, resuming (HEAD, then PATCH) after each cut. */
  const uploadByTus = (uploadURL: string, file: Buffer, cookie: string) => {
    const tally = figures.writes['upload (tus)'];
    tally.attempted += 1;
    return new Promise<boolean>((resolve) => {
      new tus.Upload(file, {
        endpoint: `${siteUrl}${uploadURL}`,
        chunkSize: 4096,
        headers: { cookie },
        metadata: { filename: 'take.wav', filetype: 'audio/wav' },
        retryDelays: Array.from({ length: RETRY_FOR_MS / 250 }, () => 250),
        onShouldRetry: (err) => {
          // tus's own retryable answers (409, 423: offset or lock) besides ours; tus-js-client would
          // also retry any other 5xx, which this test does not.
          const status = err.originalResponse?.getStatus() ?? 0;
          const again = status === 0 || RETRYABLE.has(status) || status === 409 || status === 423;
          if (again) {
            tally.retries += 1;
            figures.retriedOn.set(status, (figures.retriedOn.get(status) ?? 0) + 1);
          }
          return again;
        },
        onSuccess: () => {
          tally.acknowledged += 1;
          resolve(true);
        },
        onError: (err) => {
          figures.failedWrites.push(`upload (tus): ${err.message.slice(0, 160)}`);
          resolve(false);
        },
      }).start();
    });
  };

  let trafficOn = true;
  /** A visitor's rounds until the faults are over: reads, then upload, order, checkout and payment. */
  async function visitor(n: number) {
    let cookie = '';
    for (let round = 0; trafficOn; round++) {
      for (const [path, headers] of READS) await read(path, headers);
      // Each upload's own bytes (a valid WAV whose samples are random), to check by hash later.
      const wav = tinyWav(1);
      randomBytes(4000).copy(wav, 44);
      const opened = await write('open upload', 200, () =>
        call('/api/files/upload', 'POST', { ...json, ...(cookie ? { cookie } : {}) }, ''),
      );
      if (!opened) continue; // counted as a failed write, which fails the run
      cookie ||= /gid=[^;]+/.exec(String(opened.headers['set-cookie'] ?? ''))?.[0] ?? '';
      const { uploadURL } = UploadUrlResponse.parse(JSON.parse(opened.body));
      const uploaded =
        round % 2 === 0
          ? await uploadByTus(uploadURL, wav, cookie)
          : Boolean(
              await write(
                'upload (PUT)',
                200,
                () => call(uploadURL, 'PUT', { 'content-type': 'audio/wav', cookie }, wav),
                // The storefront's answer to a second PUT of a stored upload: the first one was stored
                // (and its bytes are checked by hash below, as every upload's are).
                (answer) => answer.status === 403 && answer.body.includes(UPLOAD_ALREADY_COMPLETED),
              ),
            );
      if (!uploaded) continue;
      const uploadId = uploadURL.split('/').at(-1)!;
      figures.uploads.set(uploadId, sha256(wav));
      const email = `replica-${n}-${round}@example.com`;
      // One key per order attempt, the same on each of its tries (as the upload page sends).
      const attemptKey = { 'idempotency-key': randomUUID() };
      const order = await write('order', 201, () =>
        call(
          '/api/orders',
          'POST',
          { ...json, cookie, ...attemptKey },
          JSON.stringify(oneTrackOrder(email, `Take ${round}.wav`, wav.length, uploadURL, pricing)),
        ),
      );
      if (!order) continue;
      const orderId = (JSON.parse(order.body) as { order: { id: string } }).order.id;
      figures.orders.push({ id: orderId, email });
      const checkout = await write('checkout', 200, () =>
        call('/api/payment/create-checkout', 'POST', { ...json, cookie, ...attemptKey }, JSON.stringify({ orderId })),
      );
      if (!checkout) continue;
      const { redirectUrl } = JSON.parse(checkout.body) as { redirectUrl: string };
      // Pay on the sandbox's page: it sends the signed webhook through the balancer.
      const pay = await write('pay', 303, () =>
        fetch(`${redirectUrl}/pay`, { method: 'POST', redirect: 'manual' }).then(
          async (res) => ({ status: res.status, headers: {}, body: await res.text() }),
          errorAnswer,
        ),
      );
      if (pay) figures.paid.push(orderId);
    }
  }

  /** Kills `name` with SIGKILL (its whole process group, as a crash would) and waits until the supervisor has it back. */
  async function kill(name: string) {
    const pid = started.pidOf(name);
    if (!pid) throw new Error(`${name} is not in the process table`);
    process.kill(-pid, 'SIGKILL');
    const backBy = Date.now() + BACK_WITHIN_MS;
    while (!(started.pidOf(name) !== pid && started.isReady(name))) {
      if (Date.now() > backBy) throw new Error(`${name} was not started again within ${BACK_WITHIN_MS / 1000} s`);
      await delay(100);
    }
  }
  /** One at a time: a replica of each service, a gateway behind the balancer, the inbox, then PostgreSQL. */
  const FAULTS: [string, () => Promise<void>][] = [
    ...['storefront-2', 'ops', 'content-2', 'email', 'gateway', 'maildev'].map(
      (name): [string, () => Promise<void>] => [`SIGKILL ${name}`, () => kill(name)],
    ),
    ['restart PostgreSQL', () => started.restartDatabase()],
  ];
  async function faults() {
    await delay(WARM_UP_MS);
    for (const [fault, strike] of FAULTS) {
      const at = performance.now();
      try {
        await strike();
        figures.faults.push(`${fault} (back in ${((performance.now() - at) / 1000).toFixed(1)} s)`);
      } catch (err) {
        figures.faultErrors.push(`${fault}: ${(err as Error).message}`);
        break;
      }
      await delay(BETWEEN_FAULTS_MS);
    }
    trafficOn = false;
  }

  console.log(`Replicas: 2 of each behind HAProxy, ${VISITORS} visitors, faults one at a time`);
  const trafficBegan = performance.now();
  await Promise.all([faults(), ...Array.from({ length: VISITORS }, (_, n) => visitor(n))]);
  const trafficSeconds = (performance.now() - trafficBegan) / 1000;

  // Settle: paid orders confirmed (webhook) and every queued mail sent, within the bound. A failed try
  // is still on its way (its job retries it in seconds), so it is waited for too.
  const paid = figures.paid;
  const recipients = knex.raw("to_email like 'replica-%'");
  const settleEnd = Date.now() + SETTLE_MS;
  /** Paid orders whose confirmation is not sent yet (its job may be waiting for the webhook's commit). */
  const confirmationsDue = async () => {
    const sentFor = await EmailMessage.query(knex)
      .whereIn('orderId', paid)
      .where({ template: 'order-confirmation', status: 'sent' })
      .select('orderId');
    return paid.length - new Set(sentFor.map((m) => m.orderId)).size;
  };
  const unsettled = async () =>
    (await Order.query(knex).whereIn('id', paid).whereNot('status', 'payment_confirmed').resultSize()) +
    (await EmailMessage.query(knex).where(recipients).whereIn('status', ['queued', 'sending', 'failed']).resultSize()) +
    (await confirmationsDue());
  while ((await unsettled()) > 0 && Date.now() < settleEnd) await delay(500);

  // Every acknowledged upload's bytes, read back from storage, against what was sent.
  const badUploads: string[] = [];
  const rows = await Upload.query(knex)
    .whereIn('id', [...figures.uploads.keys()])
    .select('id', 'objectKey');
  const keyOf = new Map(rows.map((r) => [r.id, r.objectKey]));
  for (const [id, hash] of figures.uploads) {
    const key = keyOf.get(id);
    const stored = key ? await storage.get(key) : null;
    if (!stored) {
      badUploads.push(`upload ${id}: ${key ? 'no object in storage' : 'no row'}`);
      continue;
    }
    const digest = createHash('sha256');
    for await (const chunk of stored.stream) digest.update(chunk as Buffer);
    if (digest.digest('hex') !== hash) badUploads.push(`upload ${id}: its bytes differ from those sent`);
  }
  const orderRows = await Order.query(knex)
    .whereIn(
      'id',
      figures.orders.map((o) => o.id),
    )
    .resultSize();
  // Orders per customer address: each round's order has its own, so more than one is a write applied twice.
  const perEmail = await Order.query(knex)
    .where('customerEmail', 'like', 'replica-%')
    .groupBy('customerEmail')
    .select('customerEmail')
    .count('* as count');
  const appliedTwice = perEmail.filter((r) => Number((r as unknown as { count: string }).count) > 1).length;
  const confirmed = await Order.query(knex).whereIn('id', paid).where('status', 'payment_confirmed').resultSize();
  const sent = await EmailMessage.query(knex)
    .where(recipients)
    .where('status', 'sent')
    .select('toEmail', 'subject', 'attempts');
  const expected = new Map<string, number>();
  for (const m of sent)
    expected.set(`${m.toEmail} | ${m.subject}`, (expected.get(`${m.toEmail} | ${m.subject}`) ?? 0) + 1);
  // A mail resent after its worker died between the server's acceptance and the "sent" write carries
  // the same Message-ID: its recipient's mailbox shows it once, so it counts once (and is reported).
  const received = await mails();
  const inboxMails = [...new Map(received.map((m) => [m.headers?.['message-id'] ?? m.id, m])).values()];
  const delivered = new Map<string, number>();
  for (const m of inboxMails)
    for (const to of m.to.filter((t) => t.address.startsWith('replica-')))
      delivered.set(`${to.address} | ${m.subject}`, (delivered.get(`${to.address} | ${m.subject}`) ?? 0) + 1);
  const duplicates = [...delivered].filter(([key, count]) => count > (expected.get(key) ?? 0));
  const missing = [...expected].filter(([key, count]) => (delivered.get(key) ?? 0) < count);
  const notSent = await EmailMessage.query(knex)
    .where(recipients)
    .whereNot('status', 'sent')
    .select('template', 'status', 'attempts', 'lastError', 'orderId', 'createdAt');
  // Orders against the inbox: every confirmed order's customer has exactly one confirmation in MailDev.
  const confirmedOrders = await Order.query(knex)
    .whereIn('id', paid)
    .where('status', 'payment_confirmed')
    .select('id', 'customerEmail');
  const confirmations = await EmailMessage.query(knex)
    .whereIn(
      'orderId',
      confirmedOrders.map((o) => o.id),
    )
    .where('template', 'order-confirmation')
    .select('orderId', 'subject');
  const confirmationCount = (order: { id: string; customerEmail: string }) => {
    const subjects = new Set(confirmations.filter((c) => c.orderId === order.id).map((c) => c.subject));
    return inboxMails.filter((m) => subjects.has(m.subject) && m.to.some((to) => to.address === order.customerEmail))
      .length;
  };
  const badConfirmations = confirmedOrders
    .map((order) => ({ order, count: confirmationCount(order) }))
    .filter(({ count }) => count !== 1);
  await knex.destroy();
  agent.destroy();

  const lostOrders = figures.orders.length - orderRows;
  const writes = Object.values(figures.writes);
  const total = (field: 'attempted' | 'acknowledged' | 'retries') => writes.reduce((sum, w) => sum + w[field], 0);
  console.log(`
Stack started in   ${startedIn.toFixed(1)} s; traffic ${trafficSeconds.toFixed(1)} s; ${VISITORS} visitors
Faults             ${figures.faults.length} of ${FAULTS.length}: ${figures.faults.join(', ')}
Restarts           ${restarts.length} by the supervisor${restarts.length ? `: ${restarts.join('; ')}` : ''}
Reads              ${figures.reads}, failed ${figures.failedReads.length}, asked again after the database's 503 ${figures.readsAskedAgain}
Writes             ${total('attempted')} attempted, ${total('acknowledged')} acknowledged, failed ${figures.failedWrites.length}, tries sent again ${total('retries')} (after ${[...figures.retriedOn].map(([status, n]) => `${status || 'a cut connection'}: ${n}`).join(', ') || 'none'})
${KINDS.map((k) => `  ${k.padEnd(16)} ${figures.writes[k].attempted} attempted, ${figures.writes[k].acknowledged} acknowledged (${figures.writes[k].doneByEarlierTry} found done by an earlier try), ${figures.writes[k].retries} sent again`).join('\n')}
Uploads            ${figures.uploads.size} acknowledged, ${figures.uploads.size - badUploads.length} read back with the same SHA-256, lost or changed ${badUploads.length}
Orders             ${figures.orders.length} acknowledged, ${orderRows} in the database, lost ${lostOrders}, applied twice ${appliedTwice}
Paid               ${paid.length}, confirmed ${confirmed}
Confirmations      ${confirmedOrders.length} confirmed orders, ${confirmedOrders.length - badConfirmations.length} with exactly one confirmation mail in MailDev, ${badConfirmations.length} with none or several
Mails              ${sent.length} sent (email_messages), ${[...delivered.values()].reduce((a, b) => a + b, 0)} in MailDev, duplicates ${duplicates.length}, missing ${missing.length}, not sent ${notSent.length}, ${received.length - inboxMails.length} resent with the same Message-ID, ${sent.filter((m) => m.attempts > 1).length} sent on a later attempt
Given up on        ${deaths.length}`);
  for (const line of [
    ...figures.faultErrors,
    ...figures.failedReads.slice(0, 10),
    ...figures.failedWrites.slice(0, 10),
    ...badUploads.slice(0, 10),
    ...deaths,
    ...duplicates.map(([k]) => `duplicate: ${k}`),
    ...missing.map(([k]) => `missing: ${k}`),
    ...notSent.map(
      (m) =>
        `not sent: ${m.template} ${m.status} after ${m.attempts} attempts (${m.lastError ?? 'no error'}), order ${m.orderId} ${paid.includes(m.orderId ?? '') ? 'paid' : 'not paid'}, queued ${m.createdAt.toISOString()}`,
    ),
    ...badConfirmations.map(({ order, count }) => `order ${order.id}: ${count} confirmation mails`),
  ])
    console.log(`  ${line}`);
  passed =
    figures.faults.length === FAULTS.length &&
    figures.failedReads.length === 0 &&
    figures.failedWrites.length === 0 &&
    badUploads.length === 0 &&
    lostOrders === 0 &&
    appliedTwice === 0 &&
    confirmed === paid.length &&
    duplicates.length === 0 &&
    missing.length === 0 &&
    notSent.length === 0 &&
    badConfirmations.length === 0 &&
    deaths.length === 0 &&
    figures.orders.length > 0;
} finally {
  await stack.stop().catch((err: Error) => console.error(`stop: ${err.message}`));
  console.log(
    `${passed ? '\n✓ replicas: PASS' : '\n✖ replicas: FAIL'} in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );
  // A failed run keeps its data folder: each process's log is in its logs/ (the database is gone).
  if (passed) rmSync(site.dataDir, { recursive: true, force: true });
  else console.log(`Logs kept in ${site.dataDir}/logs`);
}
process.exit(passed ? 0 : 1);
