import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_HOURS, ORDER_STATUSES, TREND_BUCKETS } from '@mastering/contracts';
import type { Knex } from 'knex';
import { analytics, percent } from '../../src/analytics/service';
import { opsPerFile } from '../support';
import { checkAfterWrites, DAY, idsOf, migrateAgain, moment, NOW } from './rollup-support';

// Migration 130's order_deliveries (and delivery_day_stats) against the status history after random writes (fast-check picks
// them: history entries written, moved, changed to another status or deleted, payment times changed,
// orders deleted), and the analytics' delivery figures (read from it) against the same figures worked
// out from the history itself, for every period.

const ctx = opsPerFile();
const status = fc.constantFrom(...ORDER_STATUSES);
// The entries that count (deliveries, payments) most often, and now and then another.
const entry = fc.constantFrom('delivered', 'delivered', 'payment_confirmed', 'payment_confirmed', 'in_progress');
const pick = fc.nat(); // which existing row(s) a change touches
const paidAt = fc.option(moment, { nil: null });

/** One write to the orders or their history. */
const write = fc.oneof(
  fc.record({ op: fc.constant('order' as const), status, paidAt }),
  fc.record({
    op: fc.constant('entries' as const),
    pick,
    rows: fc.array(fc.tuple(entry, moment), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('moved' as const), pick, n: fc.integer({ min: 1, max: 3 }), at: moment }),
  fc.record({ op: fc.constant('restatus' as const), pick, to: entry }),
  fc.record({ op: fc.constant('forget' as const), pick, n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant('paid' as const), pick, paidAt }),
  fc.record({ op: fc.constant('delete' as const), pick }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

/** `n` ids of the history's entries, chosen by `pick` in id order. */
async function entryIds(knex: Knex, pick: number, n = 1): Promise<string[]> {
  const ids = (await knex('order_status_history').select('id').orderBy('id')).map((r) => r.id as string);
  return ids.length ? Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[(pick + i * 7) % ids.length]!) : [];
}

async function apply(knex: Knex, w: Write): Promise<void> {
  if (w.op === 'order') {
    await knex('orders').insert({
      customerEmail: 'd@deliveries.test',
      status: w.status,
      unitPriceCents: 49_900,
      trackCount: 1,
      subtotalCents: 49_900,
      totalCents: 49_900,
      paidAt: w.paidAt,
      createdAt: new Date(NOW.getTime() - 900 * DAY),
    });
    return;
  }
  if (w.op === 'entries') {
    const [orderId] = await idsOf(knex, 'orders', w.pick);
    if (orderId)
      await knex('order_status_history').insert(w.rows.map(([to, at]) => ({ orderId, toStatus: to, createdAt: at })));
    return;
  }
  if (w.op === 'paid' || w.op === 'delete') {
    const orders = knex('orders').whereIn('id', await idsOf(knex, 'orders', w.pick));
    if (w.op === 'paid') await orders.update({ paidAt: w.paidAt });
    else await orders.delete();
    return;
  }
  const entries = knex('order_status_history').whereIn('id', await entryIds(knex, w.pick, 'n' in w ? w.n : 1));
  if (w.op === 'moved') await entries.update({ createdAt: w.at });
  else if (w.op === 'restatus') await entries.update({ toStatus: w.to });
  else await entries.delete();
}

/** order_deliveries and delivery_day_stats as stored, and as worked out from the history. */
async function expectDeliveriesExact(knex: Knex) {
  const rows = (sql: string) => knex.raw(sql).then((r) => r.rows);
  expect(await rows('select day::text, delivered, seconds::text, on_time from delivery_day_stats order by 1')).toEqual(
    await rows(
      `select (delivered_at at time zone 'UTC')::date::text as day, count(*)::int as delivered,
              sum(extract(epoch from delivered_at - paid_at))::text as seconds,
              (count(*) filter (where delivered_at - paid_at <= interval '${DELIVERY_HOURS} hours'))::int as on_time
         from order_deliveries where paid_at is not null group by 1 order by 1`,
    ),
  );
  expect(await rows('select order_id, delivered_at, paid_at from order_deliveries order by 1')).toEqual(
    await rows(
      `select o.id as order_id, min(h.created_at) as delivered_at,
              coalesce((select min(p.created_at) from order_status_history p where p.order_id = o.id and p.to_status = 'payment_confirmed'), o.paid_at) as paid_at
         from orders o join order_status_history h on h.order_id = o.id and h.to_status = 'delivered'
        group by o.id order by 1`,
    ),
  );
}

/**
 * The delivery figures of the last `days` days, worked out from the history: each order's first delivered
 * entry and its payment. (The query before migration 130 joined every delivered entry with no earlier
 * one, so it counted an order twice when two of its deliveries shared that first instant.)
 */
async function deliveriesCounted(knex: Knex, days: number) {
  const cur = new Date(NOW.getTime() - days * DAY);
  const [r] = (
    await knex.raw(
      `select count(*)::int as delivered,
              coalesce(avg(extract(epoch from d.at - d.paid) / 3600), 0)::float as avg_hours,
              count(*) filter (where d.at - d.paid <= make_interval(hours => :hours))::int as on_time
         from (select min(h.created_at) as at,
                      coalesce((select min(p.created_at) from order_status_history p where p.order_id = o.id and p.to_status = 'payment_confirmed'), o.paid_at) as paid
                 from orders o join order_status_history h on h.order_id = o.id and h.to_status = 'delivered'
                group by o.id) d
        where d.at >= :cur and d.at < :now and d.paid is not null`,
      { cur, now: NOW, hours: DELIVERY_HOURS },
    )
  ).rows;
  return {
    avgProcessingTime: Math.round(r.avg_hours * 10) / 10,
    onTimeDelivery: percent(r.on_time, r.delivered),
    deliveredOrders: r.delivered,
  };
}

/** The delivery figures of every period, as the analytics answer them and as worked out from the history. */
async function expectFiguresExact(knex: Knex) {
  for (const days of Object.keys(TREND_BUCKETS).map(Number) as (keyof typeof TREND_BUCKETS)[]) {
    const { avgProcessingTime, onTimeDelivery, deliveredOrders } = (await analytics(knex, days, NOW)).processingMetrics;
    expect([days, { avgProcessingTime, onTimeDelivery, deliveredOrders }]).toEqual([
      days,
      await deliveriesCounted(knex, days),
    ]);
  }
}

/** The kept rows and the figures read from them, each against the history. */
async function expectAllExact(knex: Knex) {
  await expectDeliveriesExact(knex);
  await expectFiguresExact(knex);
}

/** A few orders with a history around the periods' edges, as fast-check draws them. */
async function someHistory(knex: Knex) {
  for (const w of fc.sample(write, { numRuns: 60, seed: 130 })) await apply(knex, w);
}

describe('migration 130 order_deliveries', () => {
  it('counts on time as the contracts promise (DELIVERY_HOURS)', async () => {
    const [{ hours }] = (await ctx.db.knex.raw('select delivery_hours() as hours')).rows;
    expect(hours).toBe(DELIVERY_HOURS);
  });

  it('backfills the deliveries of the history that exists when it runs', async () => {
    await someHistory(ctx.db.knex);
    await migrateAgain(ctx.db.knex, '130_order_deliveries');
    expect(Number((await ctx.db.knex('order_deliveries').count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
    await expectAllExact(ctx.db.knex);
  });

  it('equals the history, and the delivery figures those worked out from it, after any sequence of writes', () =>
    checkAfterWrites(
      write,
      12,
      (w) => apply(ctx.db.knex, w),
      () => expectAllExact(ctx.db.knex),
    ));

  it('holds when a statement writes inside a transaction that rolls back, and after a TRUNCATE', async () => {
    const knex = ctx.db.knex;
    await someHistory(knex);
    // A statement whose transaction fails leaves the kept rows as they were.
    await expect(
      knex.transaction(async (trx) => {
        await apply(trx, { op: 'forget', pick: 0, n: 3 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectDeliveriesExact(knex);
    await knex.raw('truncate order_status_history');
    await expectDeliveriesExact(knex);
    await apply(knex, { op: 'entries', pick: 0, rows: [['delivered', NOW]] });
    await expectDeliveriesExact(knex);
    await knex.raw('truncate orders cascade');
    await expectDeliveriesExact(knex);
  });
});
