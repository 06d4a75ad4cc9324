// `npm run test:replicas [-- --seconds 30 --visitors 4]`: two of every service and of the gateway
// (REPLICAS=2, throwaway stack on free ports), driven for `seconds` by visitors that upload (whole PUT
// and resumable tus in small chunks), order, pay on the Yoco sandbox and read (public pages, and the
// back-office as a signed-in admin), while one replica after another is killed with SIGKILL and started
// again. Passes only on counts: 0 failed reads, 0 acknowledged uploads or orders missing, every paid
// order confirmed with exactly one confirmation mail in MailDev, every mail delivered exactly once
// (MailDev against email_messages), no other process dying. Prints the figures. Writes that met a dying replica are refused (5xx or a cut connection) and
// are sent again by the visitor, as a browser would; they are counted, not failed.
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';
import { computePricing, pricingForApi, SiteConfig, UploadUrlResponse } from '@mastering/contracts';
import { createKnex, EmailMessage, Order, Upload } from '@mastering/db';
import { gatewayBalancer, tinyWav, type Answer } from './lib/site-client';
import { createStack } from './lib/stack';
import { throwawaySite } from './lib/throwaway-stack';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, visitors: { type: 'string', default: '4' } },
});
const SECONDS = Number(args.seconds);
const VISITORS = Number(args.visitors);
/** How long after the run paid orders may take to be confirmed and their mails to be sent. */
const SETTLE_MS = 60_000;
const ADMIN = 'admin@example.com';

const figures = {
  reads: 0,
  failedReads: [] as string[],
  uploadsAcknowledged: [] as string[],
  ordersAcknowledged: [] as string[],
  paid: [] as string[],
  writesRefused: 0,
  kills: [] as string[],
};
const deaths: string[] = [];

const site = await throwawaySite('mastering-replicas');
const env = { ...site.env, REPLICAS: '2' };
const stack = createStack({
  dataDir: site.dataDir,
  env,
  log: () => undefined,
  buildFrontEnd: false,
  onDeath: (name, code, tail) => deaths.push(`${name} (code ${code}): ${tail.slice(-5).join(' | ')}`),
});

let passed = false;
try {
  const started = await stack.start();
  const knex = createKnex(started.databaseUrl);
  const inbox = started.inboxUrl!.replace('localhost', '127.0.0.1');
  const agent = new Agent({ keepAlive: true });
  const gateways = gatewayBalancer(started.gatewayUrls, agent);
  const json = { 'content-type': 'application/json' };
  type Mail = { id: string; headers?: Record<string, string>; subject: string; to: { address: string }[] };
  const mails = async () => (await (await fetch(`${inbox}/api/email`)).json()) as Mail[];

  // The admin signs in once, before the kills (the session then works on whichever replica answers).
  const asked = await gateways.send('/auth/request-code', 'POST', json, JSON.stringify({ email: ADMIN }));
  // The code is compared only with the nonce cookie its request set (the browser that asked).
  const browser = /code_browser=[^;]+/.exec(String(asked.headers['set-cookie'] ?? ''))?.[0] ?? '';
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++, await delay(100))
    code = (await mails()).find((m) => m.to.some((t) => t.address === ADMIN))?.subject.match(/\d{6}/)?.[0];
  const verified = await gateways.send(
    '/auth/verify-code',
    'POST',
    { ...json, cookie: browser },
    JSON.stringify({ email: ADMIN, code }),
  );
  const admin = /sid=[^;]+/.exec(String(verified.headers['set-cookie'] ?? ''))?.[0];
  if (!admin) throw new Error(`admin sign-in failed: ${verified.status} ${verified.body}`);

  const config = SiteConfig.parse(JSON.parse((await gateways.send('/api/config', 'GET', {})).body));
  const pricing = pricingForApi(computePricing(1, config));
  const deadline = Date.now() + SECONDS * 1000;
  /** Reads of every service: storefront, content and ops in public, ops and email as the admin. */
  const READS: [string, Record<string, string>][] = [
    ['/api/config', {}],
    ['/api/showcase-tracks', {}],
    ['/api/legal/terms', {}],
    ['/api/admin/orders?limit=5', { cookie: admin }],
    ['/api/admin/email-templates', { cookie: admin }],
  ];

  /** A write sent until it is accepted (a replica dying under it refuses it): the answer, or null past the deadline. */
  const write = async (path: string, method: string, headers: Record<string, string>, body: string | Buffer) => {
    for (;;) {
      const answer: Answer | null = await gateways.send(path, method, headers, body).catch(() => null);
      if (answer && answer.status < 500) return answer;
      figures.writesRefused += 1;
      if (Date.now() > deadline + SETTLE_MS) return null;
      await delay(100);
    }
  };
  const read = async (path: string, headers: Record<string, string>) => {
    figures.reads += 1;
    const answer = await gateways.send(path, 'GET', headers).catch((err: Error) => ({ status: 0, body: err.message }));
    if (answer.status !== 200) figures.failedReads.push(`GET ${path}: ${answer.status} ${answer.body.slice(0, 100)}`);
  };
  /** The resumable way: tus in 4 KB chunks through the first gateway, resuming (HEAD, then PATCH) after each cut. */
  const uploadByTus = (uploadURL: string, file: Buffer) =>
    new Promise<boolean>((resolve) => {
      new tus.Upload(file, {
        endpoint: `${started.gatewayUrls[0]}${uploadURL}`,
        chunkSize: 4096,
        metadata: { filename: 'take.wav', filetype: 'audio/wav' },
        retryDelays: Array.from({ length: 40 }, () => 250),
        onSuccess: () => resolve(true),
        onError: () => resolve(false),
      }).start();
    });

  async function visitor(n: number) {
    const wav = tinyWav(2);
    let cookie = '';
    for (let round = 0; Date.now() < deadline; round++) {
      for (const [path, headers] of READS) await read(path, headers);
      const opened = await write('/api/files/upload', 'POST', { ...json, ...(cookie ? { cookie } : {}) }, '');
      if (!opened) return;
      cookie ||= /gid=[^;]+/.exec(String(opened.headers['set-cookie'] ?? ''))?.[0] ?? '';
      const { uploadURL } = UploadUrlResponse.parse(JSON.parse(opened.body));
      const uploaded =
        round % 2 === 0
          ? await uploadByTus(uploadURL, wav)
          : (await write(uploadURL, 'PUT', { 'content-type': 'audio/wav', cookie }, wav))?.status === 200;
      if (!uploaded) continue;
      const uploadId = uploadURL.split('/').at(-1)!;
      figures.uploadsAcknowledged.push(uploadId);
      const order = await write(
        '/api/orders',
        'POST',
        { ...json, cookie },
        JSON.stringify({
          customerEmail: `replica-${n}-${round}@example.com`,
          files: [
            {
              originalName: `Take ${round}.wav`,
              fileName: `Take ${round}.wav`,
              fileSize: wav.length,
              mimeType: 'audio/wav',
              originalFilePath: `/objects/${uploadId}`,
            },
          ],
          pricing,
          termsAccepted: true,
        }),
      );
      if (order?.status !== 201) continue;
      const orderId = (JSON.parse(order.body) as { order: { id: string } }).order.id;
      figures.ordersAcknowledged.push(orderId);
      const checkout = await write(
        '/api/payment/create-checkout',
        'POST',
        { ...json, cookie },
        JSON.stringify({ orderId }),
      );
      if (checkout?.status !== 200) continue;
      const { redirectUrl } = JSON.parse(checkout.body) as { redirectUrl: string };
      // Pay on the sandbox's page: it sends the signed webhook through the (first) gateway.
      const pay = await fetch(`${redirectUrl}/pay`, { method: 'POST', redirect: 'manual' }).catch(() => null);
      if (pay?.status === 303) figures.paid.push(orderId);
    }
  }

  /**
   * Each part's replicas killed in turn (never both of one part at once), the parts side by side and
   * staggered: one replica is killed, left dead for half a second (requests meet it), started again
   * and, once ready, given a second before the next. The first gateway is never killed: the sandbox's
   * webhooks and the tus client use it, as they would a load balancer's one address.
   */
  const PARTS: string[][] = [
    ['storefront', 'storefront-2'],
    ['ops-2', 'ops'],
    ['content', 'content-2'],
    ['email-2', 'email'],
    ['gateway-2'],
  ];
  async function killer(replicas: string[], offset: number) {
    await delay(offset);
    for (let i = 0; Date.now() < deadline; i++) {
      const name = replicas[i % replicas.length]!;
      await started.crash(name);
      figures.kills.push(name);
      await delay(500);
      await started.restart(name);
      await delay(1000);
    }
  }

  console.log(`Replicas: 2 of each, ${VISITORS} visitors for ${SECONDS} s, killing one replica of each part at a time`);
  const began = performance.now();
  await Promise.all([
    ...PARTS.map((replicas, i) => killer(replicas, i * 700)),
    ...Array.from({ length: VISITORS }, (_, n) => visitor(n)),
  ]);
  const elapsed = (performance.now() - began) / 1000;

  // Settle: paid orders confirmed (webhook) and every queued mail sent, within the bound. A failed try
  // is still on its way (its job retries it in seconds), so it is waited for too.
  const recipients = knex.raw("to_email like 'replica-%'");
  const settleEnd = Date.now() + SETTLE_MS;
  /** Paid orders whose confirmation is not sent yet (its job may be waiting for the webhook's commit). */
  const confirmationsDue = async () => {
    const sentFor = await EmailMessage.query(knex)
      .whereIn('orderId', figures.paid)
      .where({ template: 'order-confirmation', status: 'sent' })
      .select('orderId');
    return figures.paid.length - new Set(sentFor.map((m) => m.orderId)).size;
  };
  const unsettled = async () =>
    (await Order.query(knex).whereIn('id', figures.paid).whereNot('status', 'payment_confirmed').resultSize()) +
    (await EmailMessage.query(knex).where(recipients).whereIn('status', ['queued', 'sending', 'failed']).resultSize()) +
    (await confirmationsDue());
  while ((await unsettled()) > 0 && Date.now() < settleEnd) await delay(500);

  const completedUploads = await Upload.query(knex)
    .whereIn('id', figures.uploadsAcknowledged)
    .where('status', 'completed')
    .resultSize();
  // An upload attached to an order counts too (its status moves on from completed).
  const attachedUploads = await Upload.query(knex)
    .whereIn('id', figures.uploadsAcknowledged)
    .whereNot('status', 'pending')
    .resultSize();
  const orders = await Order.query(knex).whereIn('id', figures.ordersAcknowledged).resultSize();
  const confirmed = await Order.query(knex)
    .whereIn('id', figures.paid)
    .where('status', 'payment_confirmed')
    .resultSize();
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
  // Orders against the inbox: every confirmed order's customer has exactly one confirmation in MailDev
  // (each visitor's order has its own address), whatever the outbox says.
  const confirmedOrders = await Order.query(knex)
    .whereIn('id', figures.paid)
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

  const lostUploads = figures.uploadsAcknowledged.length - attachedUploads;
  const lostOrders = figures.ordersAcknowledged.length - orders;
  console.log(`
Elapsed            ${elapsed.toFixed(1)} s, ${figures.kills.length} kills (${figures.kills.join(', ')})
Reads              ${figures.reads}, failed ${figures.failedReads.length}
Uploads            ${figures.uploadsAcknowledged.length} acknowledged, ${completedUploads} completed + ${attachedUploads - completedUploads} attached to orders, lost ${lostUploads}
Orders             ${figures.ordersAcknowledged.length} acknowledged, ${orders} in the database, lost ${lostOrders}
Paid               ${figures.paid.length}, confirmed ${confirmed}
Confirmations      ${confirmedOrders.length} confirmed orders, ${confirmedOrders.length - badConfirmations.length} with exactly one confirmation mail in MailDev, ${badConfirmations.length} with none or several
Mails              ${sent.length} sent (email_messages), ${[...delivered.values()].reduce((a, b) => a + b, 0)} in MailDev, duplicates ${duplicates.length}, missing ${missing.length}, not sent ${notSent.length}, ${received.length - inboxMails.length} resent with the same Message-ID, ${sent.filter((m) => m.attempts > 1).length} sent on a later attempt
Writes refused     ${figures.writesRefused} (a replica died under them; sent again)
Unexpected deaths  ${deaths.length}`);
  for (const line of [
    ...figures.failedReads.slice(0, 10),
    ...deaths,
    ...duplicates.map(([k]) => `duplicate: ${k}`),
    ...missing.map(([k]) => `missing: ${k}`),
    ...notSent.map(
      (m) =>
        `not sent: ${m.template} ${m.status} after ${m.attempts} attempts (${m.lastError ?? 'no error'}), order ${m.orderId} ${figures.paid.includes(m.orderId ?? '') ? 'paid' : 'not paid'}, queued ${m.createdAt.toISOString()}`,
    ),
    ...badConfirmations.map(({ order, count }) => `order ${order.id}: ${count} confirmation mails`),
  ])
    console.log(`  ${line}`);
  passed =
    figures.failedReads.length === 0 &&
    lostUploads === 0 &&
    lostOrders === 0 &&
    confirmed === figures.paid.length &&
    duplicates.length === 0 &&
    missing.length === 0 &&
    notSent.length === 0 &&
    badConfirmations.length === 0 &&
    deaths.length === 0 &&
    figures.ordersAcknowledged.length > 0 &&
    PARTS.every((replicas) => replicas.some((name) => figures.kills.includes(name)));
  console.log(passed ? '\n✓ replicas: PASS' : '\n✖ replicas: FAIL');
} finally {
  await stack.stop().catch((err: Error) => console.error(`stop: ${err.message}`));
  // A failed run keeps its data folder: each process's log is in its logs/ (the database is gone).
  if (passed) rmSync(site.dataDir, { recursive: true, force: true });
  else console.log(`Logs kept in ${site.dataDir}/logs`);
}
process.exit(passed ? 0 : 1);
