// `npm run bench:load [-- --seconds 60 --rounds 3 --visitors 200 --addresses 20 --replicas]`: the whole
// site on free ports (throwaway stack, local Yoco sandbox), driven by concurrent visitors that each, over
// and over, upload a tiny valid WAV, place an order for it, start a checkout and press Pay on the
// sandbox's hosted page, as a browser would, through the site's one address. Each visitor is its own
// browser (its own guest cookie). Visitors are spread over several loopback source addresses
// (127.0.0.2, 127.0.0.3, ...) so no one client address carries the whole load: the per-address upload
// limits stay at their defaults.
// `--replicas` runs two of everything (REPLICAS=2: two of each service and two gateways) behind HAProxy
// on the site's address, as `REPLICAS=2 npm start` does; without it, one of each.
// Every round (--rounds, on the same stack) prints orders placed per second, paid and confirmed
// (status payment_confirmed in the database once the webhook was processed), lost (paid but never
// confirmed), errors per step (5xx, cut connections, other refusals) and p50/p95/p99 per step; then
// the median of the rounds. Figures only.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { computePricing, pricingForApi, SiteConfig, UploadUrlResponse } from '@mastering/contracts';
import { createKnex, freePort, Order, Payment } from '@mastering/db';
import { median } from '../lib/bench-harness';
import { type Answer, oneTrackOrder, send, tinyWav } from '../lib/site-client';
import { startStack } from '../lib/stack';
import { throwawaySite } from '../lib/throwaway-stack';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '3' },
    visitors: { type: 'string', default: '200' },
    addresses: { type: 'string', default: '20' },
    replicas: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const VISITORS = Number(args.visitors);
const ADDRESSES = Number(args.addresses);
/** How long a paid order may take to be confirmed after a round before it counts as lost. */
const CONFIRM_GRACE_MS = 30_000;
const STEPS = ['upload-url', 'upload', 'order', 'checkout', 'pay'] as const;
type Step = (typeof STEPS)[number];

/** One round's figures. */
type Round = {
  elapsed: number;
  placed: number;
  paid: number;
  confirmed: number;
  paymentsRecorded: number;
  timings: Map<Step, number[]>;
  /** Per step: answers 5xx, cut or refused connections, and other unexpected answers. */
  errors: Map<Step, { serverErrors: number; network: number; refused: number }>;
  refusals: Map<string, number>;
};

const newRound = (): Round => ({
  elapsed: 0,
  placed: 0,
  paid: 0,
  confirmed: 0,
  paymentsRecorded: 0,
  timings: new Map(STEPS.map((s) => [s, []])),
  errors: new Map(STEPS.map((s) => [s, { serverErrors: 0, network: 0, refused: 0 }])),
  refusals: new Map(),
});

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs one step, timing it; anything but the expected status ends this visitor's attempt. */
async function step(round: Round, name: Step, expected: number, call: () => Promise<Answer>): Promise<Answer | null> {
  const errors = round.errors.get(name)!;
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await call();
  } catch {
    errors.network += 1;
    return null;
  }
  round.timings.get(name)!.push(performance.now() - started);
  if (answer.status === expected) return answer;
  if (answer.status >= 500) errors.serverErrors += 1;
  else errors.refused += 1;
  const key = `${name} ${answer.status}: ${answer.body.slice(0, 120)}`;
  round.refusals.set(key, (round.refusals.get(key) ?? 0) + 1);
  return null;
}

/** Prints one round's figures (or the medians' line when `label` says so). */
function report(label: string, r: Round) {
  const errors = (s: Step) => r.errors.get(s)!;
  const total = STEPS.reduce((sum, s) => sum + errors(s).serverErrors + errors(s).network + errors(s).refused, 0);
  console.log(`\n${label}: ${r.elapsed.toFixed(1)} s`);
  console.log(`  Orders placed    ${r.placed} (${(r.placed / r.elapsed).toFixed(1)} orders/s)`);
  console.log(`  Paid (Pay 303)   ${r.paid}; payments recorded succeeded: ${r.paymentsRecorded}`);
  console.log(`  Confirmed        ${r.confirmed} (status payment_confirmed in the database)`);
  console.log(`  Lost             ${Math.max(0, r.paid - r.confirmed)} (paid but never confirmed)`);
  console.log(`  Errors           ${total}`);
  console.log('  step          count     p50 ms    p95 ms    p99 ms   5xx  cut  refused');
  for (const s of STEPS) {
    const sorted = r.timings.get(s)!.sort((a, b) => a - b);
    const e = errors(s);
    console.log(
      `  ${s.padEnd(12)} ${String(sorted.length).padStart(6)} ${[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(9)).join(' ')} ${String(e.serverErrors).padStart(5)} ${String(e.network).padStart(4)} ${String(e.refused).padStart(8)}`,
    );
  }
  if (r.refusals.size > 0) {
    console.log('  Other answers (status: body):');
    for (const [key, count] of [...r.refusals].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`    ${count} x ${key}`);
  }
}

const site = await throwawaySite('mastering-bench-load');
const env = args.replicas ? { ...site.env, REPLICAS: '2', GATEWAYS_PORT: String(await freePort()) } : site.env;
const stack = await startStack({
  dataDir: site.dataDir,
  env,
  log: () => undefined,
  buildFrontEnd: false,
  onDeath: (name, code, tail, reason) =>
    console.error(`✖ ${name} exited (code ${code}${reason ? `, ${reason}` : ''}):\n${tail.join('\n')}`),
});
const knex = createKnex(stack.databaseUrl);
try {
  const base = stack.siteUrl;
  const wav = tinyWav();
  const config = SiteConfig.parse(JSON.parse((await send(new Agent(), `${base}/api/config`, 'GET', {})).body));
  const pricing = pricingForApi(computePricing(1, config));
  const agents = Array.from(
    { length: ADDRESSES },
    (_, i) => new Agent({ keepAlive: true, localAddress: `127.0.0.${i + 2}` }),
  );

  /** One round: every visitor buys one track after another until the round's time is up. */
  async function runRound(): Promise<Round> {
    const round = newRound();
    const orderIds: string[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    /** One visitor: its own browser (cookie) from one loopback address. */
    async function visitor(n: number) {
      const agent = agents[n % agents.length]!;
      let cookie = '';
      const json = { 'content-type': 'application/json' };
      for (let take = 0; Date.now() < deadline; take += 1) {
        const opened = await step(round, 'upload-url', 200, () =>
          send(agent, `${base}/api/files/upload`, 'POST', { ...json, ...(cookie ? { cookie } : {}) }),
        );
        if (!opened) continue;
        cookie ||= /gid=[^;]+/.exec(String(opened.headers['set-cookie'] ?? ''))?.[0] ?? '';
        const { uploadURL } = UploadUrlResponse.parse(JSON.parse(opened.body));
        if (
          !(await step(round, 'upload', 200, () =>
            send(agent, `${base}${uploadURL}`, 'PUT', { 'content-type': 'audio/wav' }, wav),
          ))
        )
          continue;
        const order = await step(round, 'order', 201, () =>
          send(
            agent,
            `${base}/api/orders`,
            'POST',
            // One key per order attempt, as the upload page sends.
            { ...json, cookie, 'idempotency-key': randomUUID() },
            JSON.stringify(oneTrackOrder(`load-${n}@example.com`, `Take ${take}.wav`, wav.length, uploadURL, pricing)),
          ),
        );
        if (!order) continue;
        const orderId = (JSON.parse(order.body) as { order: { id: string } }).order.id;
        round.placed += 1;
        orderIds.push(orderId);
        const checkout = await step(round, 'checkout', 200, () =>
          send(agent, `${base}/api/payment/create-checkout`, 'POST', { ...json, cookie }, JSON.stringify({ orderId })),
        );
        if (!checkout) continue;
        const { redirectUrl } = JSON.parse(checkout.body) as { redirectUrl: string };
        // Pressing Pay on the sandbox's hosted page: it delivers the signed webhook, then redirects.
        if (await step(round, 'pay', 303, () => send(agent, `${redirectUrl}/pay`, 'POST', {}))) round.paid += 1;
      }
    }
    const started = performance.now();
    await Promise.all(Array.from({ length: VISITORS }, (_, n) => visitor(n)));
    round.elapsed = (performance.now() - started) / 1000;

    // Confirmation comes from the webhook; a paid order not confirmed within the grace period is lost.
    const confirmedOrders = async () =>
      orderIds.length === 0
        ? 0
        : (await Order.query(knex).whereIn('id', orderIds).where('status', 'payment_confirmed')).length;
    const graceEnd = Date.now() + CONFIRM_GRACE_MS;
    round.confirmed = await confirmedOrders();
    while (round.confirmed < round.paid && Date.now() < graceEnd) {
      await new Promise((r) => setTimeout(r, 1000));
      round.confirmed = await confirmedOrders();
    }
    round.paymentsRecorded =
      orderIds.length === 0
        ? 0
        : (await Payment.query(knex).whereIn('orderId', orderIds).where('status', 'succeeded').distinct('orderId'))
            .length;
    return round;
  }

  const shape = args.replicas ? 'two of each service and two gateways behind HAProxy' : 'one of each';
  console.log(
    `Load: ${VISITORS} visitors from ${ADDRESSES} loopback addresses, ${ROUNDS} rounds of ${SECONDS} s, ${shape}, against ${base}`,
  );
  const rounds: Round[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const round = await runRound();
    rounds.push(round);
    report(`Round ${i}`, round);
  }
  if (ROUNDS > 1) {
    console.log(`\nMedian of ${ROUNDS} rounds:`);
    console.log(`  orders/s         ${median(rounds.map((r) => r.placed / r.elapsed)).toFixed(1)}`);
    for (const s of STEPS)
      console.log(
        `  ${s.padEnd(12)} p95 ${median(rounds.map((r) => percentile(r.timings.get(s)!, 95))).toFixed(1)} ms, p99 ${median(rounds.map((r) => percentile(r.timings.get(s)!, 99))).toFixed(1)} ms`,
      );
  }
  for (const agent of agents) agent.destroy();
} finally {
  await knex.destroy();
  await stack.stop();
  rmSync(site.dataDir, { recursive: true, force: true });
}
