import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  TREND_BUCKETS,
  VIP_THRESHOLD_RAND,
  type AnalyticsResponse,
  type OrderStatus,
  type Role,
} from '@mastering/contracts';
import type { Knex } from 'knex';
import { MIGRATIONS } from '@mastering/db';
import { analytics, overviewOf, percent } from '../src/analytics/service';
import { PAID_STATUSES } from '../src/paid';
import { createUser, deleteUser, updateUser } from '../../storefront/src/users/service';
import { identityAs, opsPerFile } from './support';

// Migration 014's summaries (customer_summaries, order_day_stats) against a from-scratch recomputation
// after every kind of write: the real ops routes, multi-row SQL statements, concurrent transactions.
// The sequence is random but seeded, so every run is the same.

const ctx = opsPerFile();
/** The admin behind identityAs. */
const ADMIN_ID = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const DAY = 86_400_000;
const NOW = new Date();

/** A seeded pseudo-random generator (mulberry32): the same writes on every run. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  return { next, int, pick };
}
const rnd = seeded(20261123);

const ADDRESSES = [
  'ayanda@sum.test',
  'bongi@sum.test',
  'carla@sum.test',
  'dumi@sum.test',
  'elsa@sum.test',
  'femi@sum.test',
];
/** An address in a random capitalisation (the summaries key on the lower-cased one). */
const address = () => rnd.pick(ADDRESSES).replace(/^./, (c) => (rnd.next() < 0.3 ? c.toUpperCase() : c));
/** A moment in the last two years, sometimes exactly on a UTC midnight, sometimes a little after now. */
function moment(): Date {
  const r = rnd.next();
  if (r < 0.15) return new Date(Math.floor((NOW.getTime() - rnd.int(800) * DAY) / DAY) * DAY);
  if (r < 0.2) return new Date(NOW.getTime() + 3_600_000);
  return new Date(NOW.getTime() - rnd.int(800 * DAY));
}
/** One order row as the storefront writes it (money consistent with the CHECKs). */
function orderRow(status: OrderStatus = rnd.pick(ORDER_STATUSES)) {
  const total = 1000 * (1 + rnd.int(300)); // up to R3000: customers cross the VIP line both ways
  return {
    customerEmail: address(),
    status,
    unitPriceCents: total,
    trackCount: 1,
    subtotalCents: total,
    totalCents: total,
    createdAt: moment(),
  };
}

/** What a summary says about its customer. */
const SUMMARY_COLUMNS =
  'email, accounts, order_count, total_orders, spent_cents, first_order, last_order, first_paid, last_paid';

const plain = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        v instanceof Date ? v.toISOString() : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v,
      ]),
    ),
  );

/** The summaries as stored and as recomputed from orders and users. */
async function expectSummariesExact(knex: Knex) {
  const stored = await knex.raw(`select ${SUMMARY_COLUMNS} from customer_summaries order by email`);
  const recomputed = await knex.raw(
    `select coalesce(o.email, u.email) as email, coalesce(u.accounts, 0)::int as accounts, coalesce(o.order_count, 0)::int as order_count,
            coalesce(o.total_orders, 0)::int as total_orders, coalesce(o.spent_cents, 0)::bigint as spent_cents,
            o.first_order, o.last_order, o.first_paid, o.last_paid
       from (select lower(customer_email) as email, count(*) as order_count, count(*) filter (where status = any(:paid)) as total_orders,
                    coalesce(sum(total_cents) filter (where status = any(:paid)), 0) as spent_cents,
                    min(created_at) as first_order, max(created_at) as last_order,
                    min(created_at) filter (where status = any(:paid)) as first_paid, max(created_at) filter (where status = any(:paid)) as last_paid
               from orders group by 1) o
       full join (select lower(email) as email, count(*) as accounts from users where role = 'customer' group by 1) u on u.email = o.email
      order by 1`,
    { paid: PAID_STATUSES },
  );
  expect(plain(stored.rows)).toEqual(plain(recomputed.rows));
  const totals = await knex.raw('select customers, active, vip, revenue_cents, paid_orders from customer_totals');
  const recomputedTotals = await knex.raw(
    `select count(*)::int as customers, count(*) filter (where total_orders > 0)::int as active, count(*) filter (where spent_cents > ?)::int as vip,
            coalesce(sum(spent_cents), 0)::bigint as revenue_cents, coalesce(sum(total_orders), 0)::bigint as paid_orders from customer_summaries`,
    [VIP_THRESHOLD_RAND * 100],
  );
  expect(plain(totals.rows)).toEqual(plain(recomputedTotals.rows));
  const days = await knex.raw('select day::text, status, orders, revenue_cents from order_day_stats order by 1, 2');
  const recomputedDays = await knex.raw(
    `select (created_at at time zone 'UTC')::date::text as day, status, count(*)::int as orders, sum(total_cents)::bigint as revenue_cents from orders group by 1, 2 order by 1, 2`,
  );
  expect(plain(days.rows)).toEqual(plain(recomputedDays.rows));
}

/** Ids of `n` random orders. */
const someOrders = async (knex: Knex, n: number): Promise<string[]> =>
  (await knex('orders').select('id').orderByRaw('random()').limit(n)).map((r) => r.id);

/** The analytics figures computed straight from the orders (the queries before the summaries existed). */
async function fromScratch(knex: Knex, days: keyof typeof TREND_BUCKETS, now: Date) {
  const w = {
    now,
    cur: new Date(now.getTime() - days * DAY),
    prev: new Date(now.getTime() - 2 * days * DAY),
    paid: PAID_STATUSES,
    unit: TREND_BUCKETS[days],
  };
  const period = (p: 'cur' | 'prev') =>
    p === 'cur' ? 'created_at >= :cur' : 'created_at >= :prev and created_at < :cur';
  const figures = (
    p: 'cur' | 'prev',
  ) => `count(*) filter (where ${period(p)} and status = any(:paid))::int as ${p}_paid, count(*) filter (where ${period(p)})::int as ${p}_placed,
      coalesce(sum(total_cents) filter (where ${period(p)} and status = any(:paid)), 0)::bigint as ${p}_revenue`;
  const [o] = (
    await knex.raw(
      `select ${figures('cur')}, ${figures('prev')} from orders where created_at >= :prev and created_at < :now`,
      w,
    )
  ).rows;
  const trend = (
    await knex.raw(
      `select to_char(b.bucket, 'YYYY-MM-DD') as date, coalesce(t.revenue_cents, 0)::bigint as revenue_cents, coalesce(t.orders, 0)::int as orders
         from generate_series(date_trunc(:unit, cast(:cur as timestamptz) at time zone 'UTC'), date_trunc(:unit, cast(:now as timestamptz) at time zone 'UTC'), ('1 ' || :unit)::interval) as b(bucket)
         left join (select date_trunc(:unit, created_at at time zone 'UTC') as bucket, sum(total_cents) as revenue_cents, count(*) as orders
                      from orders where status = any(:paid) and created_at >= :cur and created_at < :now group by 1) t on t.bucket = b.bucket order by b.bucket`,
      w,
    )
  ).rows.map((r: { date: string; revenue_cents: string; orders: number }) => ({
    date: r.date,
    gross: Number(r.revenue_cents) / 100,
    refunds: 0,
    revenue: Number(r.revenue_cents) / 100,
    orders: r.orders,
  }));
  const statuses = (
    await knex.raw(
      'select status, count(*)::int as count from orders where created_at >= :cur and created_at < :now group by status',
      w,
    )
  ).rows;
  const [c] = (
    await knex.raw(
      `select count(*) filter (where paid_now and first_paid >= :cur)::int as new_customers, count(*) filter (where paid_now and first_paid < :cur)::int as returning_customers,
              count(*) filter (where paid_before)::int as previous_customers, count(*) filter (where paid_before and paid_now)::int as retained
         from (select min(created_at) as first_paid, bool_or(created_at >= :cur) as paid_now, bool_or(created_at >= :prev and created_at < :cur) as paid_before
                 from orders where status = any(:paid) and created_at < :now group by lower(customer_email)) c`,
      w,
    )
  ).rows;
  const total = statuses.reduce((s: number, r: { count: number }) => s + r.count, 0);
  return {
    overview: overviewOf(
      { paid: o.cur_paid, revenue: Number(o.cur_revenue), placed: o.cur_placed },
      { paid: o.prev_paid, revenue: Number(o.prev_revenue), placed: o.prev_placed },
    ),
    revenueByPeriod: trend,
    ordersByStatus: statuses
      .sort(
        (a: { status: OrderStatus }, b: { status: OrderStatus }) =>
          ORDER_STATUSES.indexOf(a.status) - ORDER_STATUSES.indexOf(b.status),
      )
      .map((r: { status: OrderStatus; count: number }) => ({
        status: r.status,
        count: r.count,
        percentage: percent(r.count, total),
      })),
    customerMetrics: {
      newCustomers: c.new_customers,
      returningCustomers: c.returning_customers,
      customerRetentionRate: percent(c.retained, c.previous_customers),
    },
  } satisfies Partial<AnalyticsResponse>;
}

const call = async (method: string, path: string, body?: unknown, role: Role = 'admin') =>
  fetch(`${ctx.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(await identityAs(role)) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('migration 014 summaries', () => {
  it("count exactly the contract's paid statuses and VIP line (the triggers' SQL copies of PAID_STATUSES and VIP_THRESHOLD_RAND)", async () => {
    const { rows } = await ctx.db.knex.raw(
      'select s as status, paid_order_status(s) as paid from unnest(?::text[]) s',
      [[...ORDER_STATUSES]],
    );
    expect(rows).toEqual(ORDER_STATUSES.map((status) => ({ status, paid: PAID_STATUSES.includes(status) })));
    expect(Number((await ctx.db.knex.raw('select vip_spent_cents() as cents')).rows[0].cents)).toBe(
      VIP_THRESHOLD_RAND * 100,
    );
  });

  it('equal a from-scratch recomputation after inserts, updates, deletes, account changes and the real routes', async () => {
    const knex = ctx.db.knex;
    await expectSummariesExact(knex);
    for (let round = 0; round < 6; round++) {
      // A multi-row insert, then single and multi-row updates of every column a figure depends on.
      await knex('orders').insert(Array.from({ length: 8 + rnd.int(20) }, () => orderRow()));
      for (const id of await someOrders(knex, 4))
        await knex('orders')
          .where({ id })
          .update({ status: rnd.pick(ORDER_STATUSES) });
      await knex('orders')
        .whereIn('id', await someOrders(knex, 6))
        .update({ status: rnd.pick(ORDER_STATUSES) });
      const cents = 1000 * (1 + rnd.int(500));
      await knex('orders')
        .whereIn('id', await someOrders(knex, 3))
        .update({ subtotalCents: cents, totalCents: cents });
      await knex('orders')
        .whereIn('id', await someOrders(knex, 3))
        .update({ customerEmail: address() });
      await knex('orders')
        .whereIn('id', await someOrders(knex, 3))
        .update({ createdAt: moment() });
      await knex('orders')
        .whereIn('id', await someOrders(knex, 2))
        .update({ notes: `round ${round}` });
      await knex('orders')
        .whereIn('id', await someOrders(knex, 1 + rnd.int(4)))
        .delete();
      // Accounts: customers appear without orders, other roles only with them.
      const email = address();
      if (!(await knex('users').whereRaw('lower(email) = lower(?)', [email]).first()))
        await knex('users').insert({ email, role: rnd.pick(['customer', 'admin'] as const) });
      const [user] = await knex('users').whereRaw("email like '%@sum.test'").orderByRaw('random()').limit(1);
      if (user && rnd.next() < 0.5)
        await knex('users')
          .where({ id: user.id })
          .update({ role: user.role === 'customer' ? 'engineer' : 'customer' });
      else if (user) await knex('users').where({ id: user.id }).delete();
      await expectSummariesExact(knex);
    }

    // The ops routes: a status change and an account created, renamed and deleted by an admin.
    // The admin behind identityAs, recorded in the status history.
    await knex('users').insert({
      id: ADMIN_ID,
      email: 'admin@example.com',
      role: 'admin',
    });
    const [pending] = await knex('orders').insert(orderRow('pending_payment')).returning('id');
    expect(
      (await call('PATCH', `/api/admin/orders/${pending.id}/status`, { status: 'payment_confirmed' })).status,
    ).toBe(200);
    expect((await call('PATCH', `/api/admin/orders/${pending.id}/status`, { status: 'in_progress' })).status).toBe(200);
    // Accounts are the storefront's (issue 52): its Users service, as its /api/users routes run it.
    const { id } = await createUser(knex, {
      email: 'Gugu@Sum.test',
      firstName: 'Gugu',
      lastName: 'Nkosi',
      role: 'customer',
      isActive: 'true',
    });
    await expectSummariesExact(knex);
    await updateUser(knex, id, { email: 'gugu.n@sum.test' }, ADMIN_ID);
    await expectSummariesExact(knex);
    await deleteUser(knex, id, ADMIN_ID);
    await expectSummariesExact(knex);

    // The screen's page counts (taken from the totals row) equal the listed customers of each status.
    for (const status of ['all', 'vip', 'active', 'inactive'] as const) {
      const listed = await (await call('GET', `/api/admin/customers?status=${status}`)).json();
      const paged = await (await call('GET', `/api/admin/customers?status=${status}&offset=0&limit=1`)).json();
      expect([status, paged.count]).toEqual([status, listed.length]);
    }
  });

  it('stay exact under concurrent transactions on the same customer and day', async () => {
    const knex = ctx.db.knex;
    const targets = await someOrders(knex, 12);
    await Promise.all(
      targets.map((id, i) =>
        knex.transaction(async (trx) => {
          await trx('orders').insert({
            ...orderRow(i % 2 ? 'delivered' : 'pending_payment'),
            customerEmail: 'Rush@Sum.test',
            createdAt: NOW,
          });
          await trx('orders')
            .where({ id })
            .update({ status: i % 3 ? 'mastered' : 'cancelled', customerEmail: 'rush@sum.test' });
        }),
      ),
    );
    await expectSummariesExact(knex);
  });

  it('give the analytics the same figures as counting the orders, for every period and edge of a day', async () => {
    const knex = ctx.db.knex;
    const midnight = new Date(Math.floor(NOW.getTime() / DAY) * DAY);
    for (const now of [
      NOW,
      midnight,
      new Date(midnight.getTime() + 1),
      new Date(midnight.getTime() - 1),
      new Date(NOW.getTime() - 200 * DAY),
    ]) {
      for (const days of [7, 30, 90, 365] as const) {
        const answer = await analytics(knex, days, now);
        expect(
          { ...answer, topGenres: undefined, processingMetrics: undefined },
          `${days} days to ${now.toISOString()}`,
        ).toEqual({
          ...(await fromScratch(knex, days, now)),
          topGenres: undefined,
          processingMetrics: undefined,
        });
      }
    }
  });

  it('come back to the same numbers when rebuilt by the migration on an existing database', async () => {
    const knex = ctx.db.knex;
    // Every figure (the customer numbers migration 034 adds are new after a rebuild, as after a TRUNCATE).
    const figures = async () =>
      plain((await knex.raw(`select ${SUMMARY_COLUMNS} from customer_summaries order by email`)).rows);
    const before = await figures();
    const { down, up } = MIGRATIONS.find((m) => m.name === '014_business_summaries')!;
    // Later migrations widened the paid statuses 014 froze: after a rebuild of 014 the newest definition applies again.
    const newest = MIGRATIONS.filter((m) => m.name > '014' && 'redefinePaidStatuses' in m).at(-1) as unknown as {
      redefinePaidStatuses(knex: Knex): Promise<void>;
    };
    expect(newest).toBeDefined();
    await knex.transaction(async (trx) => {
      await down(trx);
      await up(trx);
      await newest.redefinePaidStatuses(trx);
    });
    expect(await figures()).toEqual(before);
    await expectSummariesExact(knex);
  });
});
