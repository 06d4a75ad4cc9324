import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TREND_BUCKETS } from '@mastering/contracts';
import type { Knex } from 'knex';
import { analytics, percent } from '../../src/analytics/service';
import { PAID_STATUSES } from '../../src/paid';
import { opsPerFile } from '../support';
import { checkAfterWrites, DAY, idsOf, migrateAgain, moment, NOW } from './rollup-support';

// Migration 032's customer_paid_day_stats against customer_summaries (and 034's customer_paid_days
// against the paid orders) after random writes to the orders
// (fast-check picks them: multi-row inserts, changes of status, creation time and address, unrelated
// updates, deletes), and the analytics screen's customer figures (read from the day figures) against
// the distinct payers counted from the orders themselves, for every period.

const ctx = opsPerFile();
const status = fc.constantFrom(...ORDER_STATUSES);
// A few customers, sometimes written in capitals (one customer per lower-cased address).
const email = fc.constantFrom('a@days.test', 'A@days.test', 'b@days.test', 'c@days.test', 'd@days.test', 'e@days.test');
const pick = fc.nat(); // which existing row(s) a change touches

/** One write to the orders. */
const write = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    rows: fc.array(fc.tuple(email, status, moment), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('status' as const), pick, n: fc.integer({ min: 1, max: 4 }), status }),
  fc.record({ op: fc.constant('moved' as const), pick, n: fc.integer({ min: 1, max: 3 }), at: moment }),
  fc.record({ op: fc.constant('email' as const), pick, email }),
  fc.record({ op: fc.constant('unrelated' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick, n: fc.integer({ min: 1, max: 3 }) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function apply(knex: Knex, w: Write): Promise<void> {
  if (w.op === 'insert') {
    await knex('orders').insert(
      w.rows.map(([customerEmail, s, createdAt]) => ({
        customerEmail,
        status: s,
        unitPriceCents: 49_900,
        trackCount: 1,
        subtotalCents: 49_900,
        totalCents: 49_900,
        createdAt,
      })),
    );
    return;
  }
  const rows = knex('orders').whereIn('id', await idsOf(knex, 'orders', w.pick, 'n' in w ? w.n : 1));
  if (w.op === 'status') await rows.update({ status: w.status });
  else if (w.op === 'moved') await rows.update({ createdAt: w.at });
  else if (w.op === 'email') await rows.update({ customerEmail: w.email });
  else if (w.op === 'unrelated') await rows.update({ notes: 'looked at' });
  else await rows.delete();
}

/** The day figures as stored, and as counted from customer_summaries. */
async function expectDayStatsExact(knex: Knex) {
  const stored = await knex.raw('select day::text, first_paid, last_paid from customer_paid_day_stats order by 1');
  const counted = await knex.raw(
    `select d.day::text, sum(d.first)::int as first_paid, sum(d.last)::int as last_paid
       from customer_summaries s
       cross join lateral (values ((s.first_paid at time zone 'UTC')::date, 1, 0), ((s.last_paid at time zone 'UTC')::date, 0, 1)) d(day, first, last)
      where d.day is not null group by 1 order by 1`,
  );
  expect(stored.rows).toEqual(counted.rows);
  // Migration 034's paid days per customer number, as counted from the paid orders.
  const days = (sql: string) => knex.raw(sql).then((r) => r.rows);
  expect(
    await days(
      'select day::text, s.email, p.orders from customer_paid_days p join customer_summaries s on s.id = p.customer_id order by 1, 2',
    ),
  ).toEqual(
    await days(
      `select (created_at at time zone 'UTC')::date::text as day, lower(customer_email) as email, count(*)::int as orders
         from orders where paid_order_status(status) group by 1, 2 order by 1, 2`,
    ),
  );
  // Every day row belongs to a customer that still has a summary.
  expect(
    await days(
      'select count(*)::int as n from customer_paid_days p where not exists (select 1 from customer_summaries s where s.id = p.customer_id)',
    ),
  ).toEqual([{ n: 0 }]);
}

/** The customer figures of the last `days` days as counted from the paid orders themselves. */
async function customersCounted(knex: Knex, days: number) {
  const cur = new Date(NOW.getTime() - days * DAY);
  const prev = new Date(NOW.getTime() - 2 * days * DAY);
  const [r] = (
    await knex.raw(
      `with paid as (select lower(customer_email) as email, created_at from orders where status = any(:paid)),
            now_payers as (select distinct email from paid where created_at >= :cur and created_at < :now),
            before_payers as (select distinct email from paid where created_at >= :prev and created_at < :cur)
       select (select count(*) from (select email from paid group by email having min(created_at) >= :cur and min(created_at) < :now) f)::int as new,
              (select count(*) from now_payers)::int as paying,
              (select count(*) from before_payers)::int as previous,
              (select count(*) from before_payers b join now_payers n using (email))::int as retained`,
      { paid: PAID_STATUSES, cur, prev, now: NOW },
    )
  ).rows;
  return {
    newCustomers: r.new,
    returningCustomers: r.paying - r.new,
    customerRetentionRate: percent(r.retained, r.previous),
  };
}

/** The customer figures of every period, as the analytics answer them and as counted. */
async function expectCustomersExact(knex: Knex) {
  for (const days of Object.keys(TREND_BUCKETS).map(Number) as (keyof typeof TREND_BUCKETS)[]) {
    const { customerMetrics } = await analytics(knex, days, NOW);
    expect([days, customerMetrics]).toEqual([days, await customersCounted(knex, days)]);
  }
}

describe('migration 032 customer_paid_day_stats', () => {
  it('backfills the customers that exist when it runs', async () => {
    const knex = ctx.db.knex;
    await apply(knex, {
      op: 'insert',
      rows: fc.sample(fc.tuple(email, status, moment), { numRuns: 40, seed: 32 }),
    });
    await migrateAgain(knex, '032_customer_paid_day_stats', '034_customer_paid_days');
    await expectDayStatsExact(knex);
    await expectCustomersExact(knex);
  });

  it('equal customer_summaries, and the customer figures the distinct payers, after any sequence of writes', async () => {
    const knex = ctx.db.knex;
    await checkAfterWrites(
      write,
      12,
      (w) => apply(knex, w),
      async () => {
        await expectDayStatsExact(knex);
        await expectCustomersExact(knex);
      },
    );
  });

  it('holds when a statement writes inside a transaction that rolls back, and after a TRUNCATE', async () => {
    const knex = ctx.db.knex;
    await knex
      .transaction(async (trx) => {
        await apply(trx, { op: 'status', pick: 0, n: 3, status: 'delivered' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await expectDayStatsExact(knex);
    await knex.raw('truncate orders cascade');
    await expectDayStatsExact(knex);
    await apply(knex, { op: 'insert', rows: [['a@days.test', 'delivered', NOW]] });
    await expectDayStatsExact(knex);
    await expectCustomersExact(knex);
  });
});
