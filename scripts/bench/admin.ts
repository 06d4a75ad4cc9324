// `npm run bench:admin`: how the back-office lists hold up on a large shop. One run on a throwaway
// embedded PostgreSQL seeded (generate_series, in seconds) with 100,000 orders, 250,000 audio files
// and 60,000 customers; the real ops service behind the real gateway, called with an admin's session
// cookie. The trigram search indexes are rebuilt after the seed, as the weekly upkeep leaves them. Each
// path is loaded with autocannon; its p95 (aim: <= 100 ms) is printed with p50 and p99.
// Paths another feature builds (customers, payments, analytics) are timed when they answer 200 and
// skipped with a note otherwise.
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { GENRES } from '@mastering/contracts';
import { createKnex, Order, rebuildSearchIndexes, Session, User } from '@mastering/db';
import { hashToken } from '@mastering/service-kit';
import { benchStack, processCpuSeconds } from '../lib/bench-harness';
import type { Stack } from '../lib/stack';

/** `--orders N` on the command line, else BENCH_ORDERS, else 100,000. */
const ordersArg = process.argv.indexOf('--orders');
const ORDERS = Number(ordersArg > 0 ? process.argv[ordersArg + 1] : (process.env.BENCH_ORDERS ?? 100_000));
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Only the paths whose label matches (a regular expression), to time one path while changing it.
const ONLY = process.env.BENCH_PATHS ? new RegExp(process.env.BENCH_PATHS, 'i') : null;
// Keeps the seeded database up after the run (its URL printed, for EXPLAIN in psql) until Ctrl-C.
const HOLD = process.env.BENCH_HOLD === '1';
// A database another run holds (BENCH_HOLD=1 prints its URL): migrated again and, when it already has
// the orders asked for, not seeded again, so two checkouts are compared on one seed in minutes.
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
// A folder: the ops service records a CPU profile of the whole run there (cpu-profile.mjs), to see where its time goes.
const OPS_PROFILE = process.env.BENCH_OPS_PROFILE;

// The stack as `npm start` composes it, with ops alone behind the gateway (the other services' paths answer 404).
const { main } = await benchStack('mastering-bench-admin', {
  env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent', ...(DATABASE_URL && { DATABASE_URL }) },
  services: ['ops'],
  ...(OPS_PROFILE && {
    processEnv: {
      ops: {
        NODE_OPTIONS: `--import ${new URL('./cpu-profile.mjs', import.meta.url).href}`,
        CPU_PROFILE_DIR: path.resolve(OPS_PROFILE),
      },
    },
  }),
});
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

  const base = stack.gatewayUrls[0]!;

  const targets: [string, string, boolean][] = [
    ['orders, first page', '/api/admin/orders?page=1&pageSize=25', true],
    ['orders, search by email', '/api/admin/orders?q=customer4242%40&page=1&pageSize=25', true],
    ['orders, search by short id', `/api/admin/orders?q=${shortId}&page=1&pageSize=25`, true],
    // Two characters have no trigram: they read the bigram indexes (migration 035), as a search typed
    // into the box passes through two characters.
    ['orders, 2-character search', '/api/admin/orders?q=5a&page=1&pageSize=25', true],
    ['orders, status filter', '/api/admin/orders?status=in_progress&page=1&pageSize=25', true],
    ['orders, overdue', '/api/admin/orders?deadline=overdue&sort=due&page=1&pageSize=25', true],
    ['audio files, first page', '/api/admin/audio-files?page=1&pageSize=25', true],
    ['audio files, search', '/api/admin/audio-files?q=track+42&page=1&pageSize=25', true],
    ['audio files, 2-character search', '/api/admin/audio-files?q=5a&page=1&pageSize=25', true],
    ['dashboard stats', '/api/admin/dashboard-stats', true],
    // Customers and analytics exactly as mf-admin-ops asks for them (api/customers.ts, api/analytics.ts).
    ['customers, screen page', '/api/admin/customers?sort=lastOrderDate&dir=desc&offset=0&limit=25', true],
    [
      'customers, screen search',
      '/api/admin/customers?q=customer4242&sort=lastOrderDate&dir=desc&offset=0&limit=25',
      true,
    ],
    ['customers, plain list', '/api/admin/customers', true],
    ['customer stats', '/api/admin/customers/stats', true],
    ['payments, 30 days', '/api/admin/payments?status=all&days=30', true],
    ['payments, 365 days', '/api/admin/payments?status=all&days=365', true],
    ['analytics, 30 days', '/api/admin/analytics?days=30', true],
    ['analytics, 365 days', '/api/admin/analytics?days=365', true],
  ];
  const opsPid = stack.pidOf('ops')!;
  const labelWidth = Math.max(...targets.map(([label]) => label.length));
  // Each path answers once before anything is timed (a path another feature builds is skipped when
  // it does not answer 200), and a few times more: a running server has compiled its handlers, filled
  // its connection pool and read its tables into PostgreSQL's cache, so the first path timed does not
  // pay for that alone.
  const timed: [string, string][] = [];
  for (const [label, url, ours] of targets) {
    if (ONLY && !ONLY.test(label)) continue;
    const probe = await fetch(`${base}${url}`, { headers: { cookie } });
    await probe.arrayBuffer();
    if (probe.status === 200) timed.push([label, url]);
    else if (ours) throw new Error(`${url} answered ${probe.status}`);
    else
      console.log(`  ${label.padEnd(labelWidth)} skipped: ${url} answers ${probe.status} (built by another feature)`);
  }
  for (const [, url] of timed)
    await autocannon({ url: `${base}${url}`, connections: 2, amount: 10, headers: { cookie } });
  // The times swing with whatever else the machine runs: the load average says how busy it was.
  const busy = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(`through the gateway, ${CONNECTIONS} connections, ${SECONDS} s each (aim: p95 <= 100 ms), ${busy()}:`);
  for (const [label, url] of timed) {
    const r = await load(`${base}${url}`, cookie, opsPid);
    const flag = r.p95 <= 100 ? '' : '  (over 100 ms)';
    console.log(
      `  ${label.padEnd(labelWidth)} p95 ${r.p95.toFixed(1)} ms, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(0)} req/s, ops CPU ${r.opsCpuMs.toFixed(1)} ms/req${r.failures ? `, ${r.failures} failed` : ''}${flag}`,
    );
  }
  console.log(`done, ${busy()}`);
  if (HOLD) {
    console.log(`holding the database for psql: ${stack.databaseUrl} (Ctrl-C ends)`);
    await new Promise(() => {});
  }
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
 * A year of business in a few statements: customers, their orders (mostly delivered, some open, a
 * few overdue), two or three files per order and a payment for every paid order.
 */
async function seedShop(knex: ReturnType<typeof createKnex>) {
  await knex.raw(
    `insert into users (email, first_name, role, is_active, created_at)
     select 'customer' || n || '@bench.test', 'Customer ' || n, 'customer', true, now() - (n % 365) * interval '1 day'
     from generate_series(1, ?) n`,
    [CUSTOMERS],
  );
  await knex.raw(
    `insert into orders (customer_email, status, unit_price_cents, track_count, discount_percent, subtotal_cents, discount_cents, total_cents, created_at, paid_at, due_at)
     select 'customer' || (1 + n % ?) || '@bench.test', s.status, 49900, t.tracks, 35, 49900 * t.tracks, 17465 * t.tracks, 32435 * t.tracks,
            c.at, case when s.status in ('pending_payment', 'cancelled') then null else c.at + interval '5 minutes' end,
            -- What promiseOf keeps for a first round: 48 hours after payment while the work is open.
            case when s.status in ('payment_confirmed', 'in_progress', 'mastered') then c.at + interval '48 hours 5 minutes' end
     from generate_series(1, ?) n
     cross join lateral (select 2 + (n % 2) as tracks) t
     cross join lateral (select now() - (n::bigint * 525600 / ?) * interval '1 minute' as at) c
     cross join lateral (select (array['delivered','delivered','delivered','delivered','delivered','delivered','in_progress','payment_confirmed','mastered','pending_payment','cancelled'])[1 + n % 11] as status) s`,
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
  // As autovacuum leaves a shop between bulk loads: statistics, and the visibility map that lets
  // covering indexes answer without reading the table (a fresh bulk load has none).
  await knex.raw('vacuum analyze');
}

type Load = { rps: number; p50: number; p95: number; p99: number; failures: number; opsCpuMs: number };

/**
 * autocannon against `url` with the session cookie (after a short warm-up); percentiles from every
 * response time, and the ops service's CPU time per answer (process `opsPid`), a figure the load of
 * other processes on a shared machine sways far less than the times.
 */
async function load(url: string, cookie: string, opsPid: number): Promise<Load> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: { cookie } });
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
