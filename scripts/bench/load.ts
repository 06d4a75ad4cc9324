// `npm run bench:load [-- --seconds 60 --visitors 200 --addresses 20]`: the whole site on free ports
// (throwaway stack, local Yoco sandbox), driven by concurrent visitors that each, over and over,
// upload a tiny valid WAV, place an order for it, start a checkout and press Pay on the sandbox's
// hosted page, as a browser would, through the gateway. Each visitor is its own browser (its own guest
// cookie). Visitors are spread over several loopback source addresses (127.0.0.2, 127.0.0.3, ...) so
// no one client address carries the whole load: the per-address upload limits stay at their defaults.
// Prints orders placed, paid and confirmed (status payment_confirmed in the database once the webhook
// was processed), lost (paid but never confirmed), 5xx answers, and p50/p99 per step. Figures only.
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { computePricing, pricingForApi, SiteConfig, UploadUrlResponse } from '@mastering/contracts';
import { createKnex, Order, Payment } from '@mastering/db';
import { type Answer, send, tinyWav } from '../lib/site-client';
import { startThrowawayStack } from '../lib/throwaway-stack';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    visitors: { type: 'string', default: '200' },
    addresses: { type: 'string', default: '20' },
  },
});
const SECONDS = Number(args.seconds);
const VISITORS = Number(args.visitors);
const ADDRESSES = Number(args.addresses);
/** How long a paid order may take to be confirmed after the run before it counts as lost. */
const CONFIRM_GRACE_MS = 30_000;
const STEPS = ['upload-url', 'upload', 'order', 'checkout', 'pay'] as const;
type Step = (typeof STEPS)[number];

const timings = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
const serverErrors = new Map<Step, number>(STEPS.map((s) => [s, 0]));
const refusals = new Map<string, number>();
let networkErrors = 0;
let placed = 0;
let paid = 0;

/** Runs one step, timing it; anything but the expected status ends this visitor's attempt. */
async function step(name: Step, expected: number, call: () => Promise<Answer>): Promise<Answer | null> {
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await call();
  } catch {
    networkErrors += 1;
    return null;
  }
  timings.get(name)!.push(performance.now() - started);
  if (answer.status >= 500) serverErrors.set(name, serverErrors.get(name)! + 1);
  if (answer.status !== expected) {
    const key = `${name} ${answer.status}: ${answer.body.slice(0, 120)}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
    return null;
  }
  return answer;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const site = await startThrowawayStack('mastering-bench-load', () => undefined);
const knex = createKnex(site.stack.databaseUrl);
try {
  const base = site.stack.siteUrl;
  const wav = tinyWav();
  const config = SiteConfig.parse(JSON.parse((await send(new Agent(), `${base}/api/config`, 'GET', {})).body));
  const pricing = pricingForApi(computePricing(1, config));
  const agents = Array.from(
    { length: ADDRESSES },
    (_, i) => new Agent({ keepAlive: true, localAddress: `127.0.0.${i + 2}` }),
  );
  const orderIds: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;

  /** One visitor: its own browser (cookie) from one loopback address, buying one track after another. */
  async function visitor(n: number) {
    const agent = agents[n % agents.length]!;
    let cookie = '';
    const json = { 'content-type': 'application/json' };
    for (let round = 0; Date.now() < deadline; round += 1) {
      const opened = await step('upload-url', 200, () =>
        send(agent, `${base}/api/files/upload`, 'POST', { ...json, ...(cookie ? { cookie } : {}) }),
      );
      if (!opened) continue;
      cookie ||= /gid=[^;]+/.exec(String(opened.headers['set-cookie'] ?? ''))?.[0] ?? '';
      const { uploadURL } = UploadUrlResponse.parse(JSON.parse(opened.body));
      if (
        !(await step('upload', 200, () =>
          send(agent, `${base}${uploadURL}`, 'PUT', { 'content-type': 'audio/wav' }, wav),
        ))
      )
        continue;
      const order = await step('order', 201, () =>
        send(
          agent,
          `${base}/api/orders`,
          'POST',
          { ...json, cookie },
          JSON.stringify({
            customerEmail: `load-${n}@example.com`,
            files: [
              {
                originalName: `Take ${round}.wav`,
                fileName: `Take ${round}.wav`,
                fileSize: wav.length,
                mimeType: 'audio/wav',
                originalFilePath: `/objects/${uploadURL.split('/').at(-1)}`,
              },
            ],
            pricing,
            termsAccepted: true,
          }),
        ),
      );
      if (!order) continue;
      const orderId = (JSON.parse(order.body) as { order: { id: string } }).order.id;
      placed += 1;
      orderIds.push(orderId);
      const checkout = await step('checkout', 200, () =>
        send(agent, `${base}/api/payment/create-checkout`, 'POST', { ...json, cookie }, JSON.stringify({ orderId })),
      );
      if (!checkout) continue;
      const { redirectUrl } = JSON.parse(checkout.body) as { redirectUrl: string };
      // Pressing Pay on the sandbox's hosted page: it delivers the signed webhook, then redirects.
      if (await step('pay', 303, () => send(agent, `${redirectUrl}/pay`, 'POST', {}))) paid += 1;
    }
  }

  console.log(`Load: ${VISITORS} visitors from ${ADDRESSES} loopback addresses for ${SECONDS} s against ${base}`);
  const started = performance.now();
  await Promise.all(Array.from({ length: VISITORS }, (_, n) => visitor(n)));
  const elapsed = (performance.now() - started) / 1000;

  // Confirmation comes from the webhook; a paid order not confirmed within the grace period is lost.
  const paidOrders = async () =>
    (await Payment.query(knex).whereIn('orderId', orderIds).where('status', 'succeeded').distinct('orderId')).length;
  const confirmedOrders = async () =>
    (await Order.query(knex).whereIn('id', orderIds).where('status', 'payment_confirmed')).length;
  const graceEnd = Date.now() + CONFIRM_GRACE_MS;
  let confirmed = await confirmedOrders();
  while (confirmed < paid && Date.now() < graceEnd) {
    await new Promise((r) => setTimeout(r, 1000));
    confirmed = await confirmedOrders();
  }

  console.log(`\nElapsed ${elapsed.toFixed(1)} s`);
  console.log(`Orders placed    ${placed} (${(placed / elapsed).toFixed(1)}/s)`);
  console.log(`Paid (Pay 303)   ${paid}; payments recorded succeeded: ${await paidOrders()}`);
  console.log(`Confirmed        ${confirmed} (status payment_confirmed in the database)`);
  console.log(`Lost             ${Math.max(0, paid - confirmed)} (paid but never confirmed)`);
  console.log(
    `5xx answers      ${[...serverErrors.values()].reduce((a, b) => a + b, 0)} (${STEPS.map((s) => `${s} ${serverErrors.get(s)}`).join(', ')})`,
  );
  console.log(`Network errors   ${networkErrors}`);
  console.log('\nstep          count     p50 ms    p99 ms');
  for (const s of STEPS) {
    const sorted = timings.get(s)!.sort((a, b) => a - b);
    console.log(
      `${s.padEnd(12)} ${String(sorted.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(10)} ${percentile(sorted, 99).toFixed(1).padStart(9)}`,
    );
  }
  if (refusals.size > 0) {
    console.log('\nOther answers (status: body):');
    for (const [key, count] of [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`  ${count} x ${key}`);
  }
  for (const agent of agents) agent.destroy();
} finally {
  await knex.destroy();
  await site.stop();
}
