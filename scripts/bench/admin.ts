// `npm run bench:admin`: how the back-office lists hold up on a large shop. One run on a throwaway
// embedded PostgreSQL seeded (generate_series, in seconds) with 100,000 orders (`--orders 1000000` for a
// million), 2.5 files per order and 60,000 customers; the real ops service behind the real gateway,
// called with an admin's session cookie. The trigram search indexes are rebuilt after the seed, as the
// weekly upkeep leaves them.
// Every path is timed two ways in every round: *computed* (a second ops process with its counter caches
// off, COUNTERS_CACHE_MS=0, behind a second gateway: every answer is worked out by PostgreSQL) and *as
// served* (the ops `npm start` runs, counters cached for 5 s). Each round's p95, p50 and p99 are printed,
// then the median over the rounds; the aim (p95 <= 100 ms at 100,000 orders, 150 ms at a million) is
// judged on the computed medians, and a miss is said.
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { GENRES } from '@mastering/contracts';
import { createKnex, Order, rebuildSearchIndexes, Session, startEmbeddedPostgres, User } from '@mastering/db';
import { freePort } from '@mastering/db/free-port';
import { hashToken } from '@mastering/service-kit';
import { urlVariable } from '@mastering/service-kit/ports';
import { benchStack, processCpuSeconds } from '../lib/bench-harness';
import { serviceCommand } from '../lib/services';
import type { Stack } from '../lib/stack';

/** `--orders N` on the command line, else BENCH_ORDERS, else 100,000. */
const ordersArg = process.argv.indexOf('--orders');
const ORDERS = Number(ordersArg > 0 ? process.argv[ordersArg + 1] : (process.env.BENCH_ORDERS ?? 100_000));
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The aim for a computed answer's p95 (issue 52): 100 ms at 100,000 orders, 150 ms at a million. */
const AIM_MS = ORDERS >= 1_000_000 ? 150 : 100;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Only the paths whose label matches (a regular expression), to time one path while changing it.
const ONLY = process.env.BENCH_PATHS ? new RegExp(process.env.BENCH_PATHS, 'i') : null;
// Keeps the seeded database up after the run (its URL printed, for EXPLAIN in psql) until Ctrl-C.
const HOLD = process.env.BENCH_HOLD === '1';
// A database another run holds (BENCH_HOLD=1 prints its URL): migrated again and, when it already has
// the orders asked for, not seeded again, so two checkouts are compared on one seed in minutes.
// A folder kept between runs (BENCH_DATA_DIR): a PostgreSQL cluster of its own there, one database per
// shop size (bench_100000, bench_1000000), seeded by the first run and reused by the next ones, as a
// million orders take many minutes to seed on a loaded machine. Delete the folder to seed afresh.
const DATA_DIR = process.env.BENCH_DATA_DIR;
const kept =
  DATA_DIR && !process.env.BENCH_DATABASE_URL
    ? await startEmbeddedPostgres({
        dataDir: path.resolve(DATA_DIR),
        port: await freePort(),
        databaseName: `bench_${ORDERS}`,
        durable: false,
      })
    : null;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? kept?.connectionString;
// A folder: the ops service records a CPU profile of the whole run there (cpu-profile.mjs), to see where its time goes.
const OPS_PROFILE = process.env.BENCH_OPS_PROFILE;

const computedOpsPort = await freePort();
const computedGatewayPort = await freePort();
// The stack as `npm start` composes it, with ops alone behind the gateway (the other services' paths
// answer 404); beside it the computed pair: ops with its caches off and a gateway that sends to it.
const { main } = await benchStack(
  'mastering-bench-admin',
  {
    env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', ...(DATABASE_URL && { DATABASE_URL }) },
    services: ['ops'],
    extraProcesses: (env) => [
      {
        name: 'ops-computed',
        ...serviceCommand('ops'),
        env: { ...env, PORT: String(computedOpsPort), COUNTERS_CACHE_MS: '0' },
        readyUrl: `http://127.0.0.1:${computedOpsPort}/readyz`,
      },
      {
        name: 'gateway-computed',
        ...serviceCommand('gateway'),
        env: { ...env, PORT: String(computedGatewayPort), [urlVariable('ops')]: `http://127.0.0.1:${computedOpsPort}` },
        readyUrl: `http://127.0.0.1:${computedGatewayPort}/healthz`,
      },
    ],
    ...(OPS_PROFILE && {
      processEnv: {
        ops: {
          NODE_OPTIONS: `--import ${new URL('./cpu-profile.mjs', import.meta.url).href}`,
          CPU_PROFILE_DIR: path.resolve(OPS_PROFILE),
        },
      },
    }),
  },
  // The kept cluster stops after the stack (its data stays for the next run).
  () => kept?.stop(),
);
await main(run);

async function run(stack: Stack) {
  const knex = createKnex(stack.databaseUrl);
  let cookie: string;
  let shortId: string;
  try {
    const started = performance.now();
    const reused = (await count(knex, 'orders')) >= ORDERS;
    if (!reused) await seedShop(knex);
    // As the weekly upkeep leaves the search indexes (ops' search-indexes.rebuild job): the seed's orders
    // rewrote every customer summary, which leaves the trigram index on their addresses three times its
    // size; a week of a shop's orders rewrites a small part of them.
    for (const index of await rebuildSearchIndexes(knex))
      console.log(`  search index ${index.name}: ${mb(index.bytesBefore)} -> ${mb(index.bytesAfter)} MB (rebuilt)`);
    console.log(
      `${reused ? 'reused a shop of' : 'seeded'} ${(await count(knex, 'orders')).toLocaleString()} orders, ${(await count(knex, 'order_files')).toLocaleString()} audio files, ${CUSTOMERS.toLocaleString()} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The admin's session, as a login would leave it: the browser holds the token, the table its hash.
    const token = randomBytes(32).toString('base64url');
    const admin = await User.query(knex).findOne({ email: stack.adminEmail });
    if (!admin) throw new Error(`no admin ${stack.adminEmail} after the seed`);
    await Session.start(knex, {
      tokenHash: hashToken(token),
      userId: admin.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    cookie = `sid=${token}`;
    // The id as the lists show it (its first 8 characters), which staff copy into the search.
    shortId = String((await Order.query(knex).orderBy('createdAt', 'desc').first())?.id).slice(0, 8);
  } finally {
    await knex.destroy();
  }

  const ways: Way[] = [
    { name: 'computed', base: `http://127.0.0.1:${computedGatewayPort}`, pid: stack.pidOf('ops-computed')! },
    { name: 'served', base: stack.gatewayUrls[0]!, pid: stack.pidOf('ops')! },
  ];

  const targets: [string, string][] = [
    ['orders, first page', '/api/admin/orders?page=1&pageSize=25'],
    ['orders, search by email', '/api/admin/orders?q=customer4242%40&page=1&pageSize=25'],
    ['orders, search by short id', `/api/admin/orders?q=${shortId}&page=1&pageSize=25`],
    // Two characters have no trigram: they read the bigram indexes (migration 035), as a search typed
    // into the box passes through two characters.
    ['orders, 2-character search', '/api/admin/orders?q=5a&page=1&pageSize=25'],
    ['orders, status filter', '/api/admin/orders?status=in_progress&page=1&pageSize=25'],
    ['orders, overdue', '/api/admin/orders?deadline=overdue&sort=due&page=1&pageSize=25'],
    ['audio files, first page', '/api/admin/audio-files?page=1&pageSize=25'],
    ['audio files, search', '/api/admin/audio-files?q=track+42&page=1&pageSize=25'],
    ['audio files, 2-character search', '/api/admin/audio-files?q=5a&page=1&pageSize=25'],
    ['dashboard stats', '/api/admin/dashboard-stats'],
    // Customers and analytics exactly as mf-admin-ops asks for them (api/customers.ts, api/analytics.ts).
    ['customers, screen page', '/api/admin/customers?sort=lastOrderDate&dir=desc&offset=0&limit=25'],
    ['customers, screen search', '/api/admin/customers?q=customer4242&sort=lastOrderDate&dir=desc&offset=0&limit=25'],
    ['customers, plain list', '/api/admin/customers'],
    ['customer stats', '/api/admin/customers/stats'],
    ['payments, 30 days', '/api/admin/payments?status=all&days=30'],
    ['payments, 365 days', '/api/admin/payments?status=all&days=365'],
    ['analytics, 30 days', '/api/admin/analytics?days=30'],
    ['analytics, 365 days', '/api/admin/analytics?days=365'],
  ];
  const timed = targets.filter(([label]) => !ONLY || ONLY.test(label));
  const labelWidth = Math.max(...timed.map(([label]) => label.length));
  // Each path answers through both gateways before anything is timed, and a few times more: a running
  // server has compiled its handlers, filled its connection pool and read its tables into PostgreSQL's
  // cache, so the first path timed does not pay for that alone.
  for (const [, url] of timed)
    for (const way of ways) {
      const probe = await fetch(`${way.base}${url}`, { headers: { cookie } });
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status} (${way.name})`);
      await autocannon({ url: `${way.base}${url}`, connections: 2, amount: 10, headers: { cookie } });
    }
  // The times swing with whatever else the machine runs: the load average says how busy it was.
  const busy = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(
    `through the gateway, ${CONNECTIONS} connections, ${SECONDS} s per path and way, ${ROUNDS} rounds (aim: computed p95 <= ${AIM_MS} ms at ${ORDERS.toLocaleString()} orders):`,
  );
  const p95s = new Map<string, Record<Way['name'], number[]>>(
    timed.map(([label]) => [label, { computed: [], served: [] }]),
  );
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round} of ${ROUNDS}, ${busy()}:`);
    for (const [label, url] of timed)
      for (const way of ways) {
        const r = await load(`${way.base}${url}`, cookie, way.pid);
        p95s.get(label)![way.name].push(r.p95);
        console.log(
          `  ${label.padEnd(labelWidth)} ${way.name.padEnd(8)} p95 ${ms(r.p95)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.rps.toFixed(0)} req/s, ops CPU ${r.opsCpuMs.toFixed(1)} ms/req${r.failures ? `, ${r.failures} failed` : ''}`,
        );
      }
  }
  console.log(`median p95 of the ${ROUNDS} rounds (aim: computed <= ${AIM_MS} ms):`);
  const missed: string[] = [];
  for (const [label, { computed, served }] of p95s) {
    const over = median(computed) > AIM_MS;
    if (over) missed.push(label);
    console.log(
      `  ${label.padEnd(labelWidth)} computed ${ms(median(computed))}  served ${ms(median(served))}${over ? `  MISSED (computed over ${AIM_MS} ms)` : ''}`,
    );
  }
  console.log(
    missed.length
      ? `aim missed by ${missed.length} of ${p95s.size} paths: ${missed.join('; ')}. Profile one: BENCH_HOLD=1 BENCH_PATHS='<label>' keeps the database for EXPLAIN ANALYZE.`
      : `aim met by every path (computed medians), ${busy()}`,
  );
  if (HOLD) {
    console.log(`holding the database for psql: ${stack.databaseUrl} (Ctrl-C ends)`);
    await new Promise(() => {});
  }
}

/** One of the two ways a path is timed: through which gateway, and the pid of the ops process behind it. */
type Way = { name: 'computed' | 'served'; base: string; pid: number };

/** Milliseconds with one decimal and the unit. */
function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Bytes as megabytes with one decimal. */
function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

/** Rows in `table`. */
async function count(knex: ReturnType<typeof createKnex>, table: string) {
  return Number((await knex(table).count({ n: '*' }))[0]!.n);
}

/**
 * A year of business in a few statements: customers, their orders (mostly delivered; open work only
 * among the last 60 hours' orders, a few of them overdue), two or three files per order, a payment
 * for every paid order and the status history of payments and deliveries.
 */
async function seedShop(knex: ReturnType<typeof createKnex>) {
  await knex.raw(
    `insert into users (email, first_name, role, is_active, created_at)
     select 'customer' || n || '@bench.test', 'Customer ' || n, 'customer', true, now() - (n % 365) * interval '1 day'
     from generate_series(1, ?) n`,
    [CUSTOMERS],
  );
  await knex.raw(
    `insert into orders (customer_email, status, unit_price_cents, track_count, discount_percent, subtotal_cents, discount_cents, total_cents, created_at, paid_at, due_at, feedback_requested_at)
     select 'customer' || (1 + n % ?) || '@bench.test', s.status, 49900, t.tracks, 35, 49900 * t.tracks, 17465 * t.tracks, 32435 * t.tracks,
            c.at, case when s.status in ('pending_payment', 'cancelled') then null else c.at + interval '5 minutes' end,
            -- What promiseOf keeps for a first round: 48 hours after payment while the work is open.
            case when s.status in ('payment_confirmed', 'in_progress', 'mastered') then c.at + interval '48 hours 5 minutes' end,
            -- The hourly feedback job has asked the delivered orders of before the last 3 days (without it,
            -- its first run queues a mail for each of 900,000 orders inside the ops process being timed).
            case when s.status = 'delivered' and c.at < now() - interval '3 days' then least(c.at + interval '6 days', now()) end
     from generate_series(1, ?) n
     cross join lateral (select 2 + (n % 2) as tracks) t
     cross join lateral (select now() - (n::bigint * 525600 / ?) * interval '1 minute' as at) c
     cross join lateral (select (array['delivered','delivered','delivered','delivered','delivered','delivered','in_progress','payment_confirmed','mastered','pending_payment','cancelled'])[1 + n % 11] as drawn) d
     -- Work is open only on the last 60 hours' orders (older ones were delivered within the 48-hour
     -- promise), so a few are overdue: a shop has dozens of orders in the studio, not a quarter of a year's.
     cross join lateral (select case when d.drawn in ('in_progress', 'payment_confirmed', 'mastered') and c.at < now() - interval '60 hours'
                                     then 'delivered' else d.drawn end as status) s`,
    [CUSTOMERS, ORDERS, ORDERS],
  );
  // 2 or 3 files per order: about 250,000 for 100,000 orders. The first two tracks of an order carry a
  // genre (the analytics' top genres group by it), the third none, as a customer may leave it out.
  await knex.raw(
    `insert into order_files (order_id, original_name, file_name, file_size, mime_type, original_file_path, processing_status, uploaded_at, mastered_file_path, genre)
     select o.id, 'Track ' || (row_number() over ()) || '.wav', 'track.wav', 30000000 + k * 1000, 'audio/wav', '/objects/' || gen_random_uuid(),
            case when o.status = 'delivered' then 'completed' when o.status = 'in_progress' then 'processing' else 'uploaded' end,
            o.created_at, case when o.status = 'delivered' then '/objects/' || gen_random_uuid() end,
            case when k < 3 then (?::text[])[1 + (abs(hashtext(o.id::text)) + k) % ?] end
     from orders o cross join generate_series(1, 3) k
     where k <= o.track_count`,
    [[...GENRES], GENRES.length],
  );
  await knex.raw(
    `insert into payments (order_id, checkout_id, payment_id, amount_cents, status, processed_at, created_at)
     select id, 'ch_' || id, 'p_' || id, total_cents, 'succeeded', paid_at, paid_at from orders where paid_at is not null`,
  );
  // The status history the analytics' delivery figures read: each paid order's payment, and each
  // delivered order's delivery 6 to 65 hours later (most within the 48-hour promise).
  await knex.raw(
    `insert into order_status_history (order_id, from_status, to_status, created_at)
     select id, 'pending_payment', 'payment_confirmed', paid_at from orders where paid_at is not null
     union all
     select id, 'mastered', 'delivered', paid_at + (6 + abs(hashtext(id::text)) % 60) * interval '1 hour' from orders where status = 'delivered'`,
  );
  // As autovacuum leaves a shop between bulk loads: statistics, and the visibility map that lets
  // covering indexes answer without reading the table (a fresh bulk load has none).
  await knex.raw('vacuum analyze');
}

type Load = { rps: number; p50: number; p95: number; p99: number; failures: number; opsCpuMs: number };

/**
 * autocannon against `url` with the session cookie; percentiles from every
 * response time, and the ops service's CPU time per answer (process `opsPid`), a figure the load of
 * other processes on a shared machine sways far less than the times.
 */
async function load(url: string, cookie: string, opsPid: number): Promise<Load> {
  const cpuBefore = processCpuSeconds(opsPid);
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpuSeconds = processCpuSeconds(opsPid) - cpuBefore;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failures: result.errors + result.timeouts + result.non2xx,
    opsCpuMs: times.length ? (cpuSeconds * 1000) / times.length : 0,
  };
}
