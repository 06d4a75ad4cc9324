import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_RANGES, PAYMENT_STATUSES, type PaymentsQuery } from '@mastering/contracts';
import type { Knex } from 'knex';
import { MIGRATIONS } from '@mastering/db';
import { paymentSummary } from '../src/payments/service';
import { opsPerFile, seedOrder } from './support';

// Migration 031's payment_day_stats against the payments themselves after random writes (fast-check
// picks them: multi-row inserts, changes of status, amount and creation time, unrelated updates,
// deletes, refunds), and the payments screen's cards without a search (read from the day figures)
// against the one aggregate over every payment of the range they replace.

const ctx = opsPerFile();
const DAY = 86_400_000;
// One frozen clock: the range's start is the same instant for the screen and the recomputation.
const NOW = new Date('2026-06-15T10:17:23.456Z');
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

/** A creation time: whole days and milliseconds back (sometimes exactly a UTC midnight), or a little ahead of now. */
const moment = fc.oneof(
  fc
    .record({ days: fc.integer({ min: 0, max: 800 }), ms: fc.integer({ min: 0, max: DAY - 1 }) })
    .map(({ days, ms }) => new Date(NOW.getTime() - days * DAY - ms)),
  fc.integer({ min: 0, max: 800 }).map((days) => new Date(Math.floor((NOW.getTime() - days * DAY) / DAY) * DAY)),
  fc.integer({ min: 1, max: 3_600_000 }).map((ms) => new Date(NOW.getTime() + ms)),
);
const status = fc.constantFrom(...PAYMENT_STATUSES);
const cents = fc.integer({ min: 0, max: 500_000 });
const pick = fc.nat(); // which existing row(s) a change touches

/** One write to payments or refunds. */
const write = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    rows: fc.array(fc.tuple(status, cents, moment), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant('status' as const), pick, n: fc.integer({ min: 1, max: 4 }), status }),
  fc.record({ op: fc.constant('amount' as const), pick, cents }),
  fc.record({ op: fc.constant('moved' as const), pick, at: moment }),
  fc.record({ op: fc.constant('unrelated' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick, n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    op: fc.constant('refund' as const),
    pick,
    cents: fc.integer({ min: 1, max: 100_000 }),
    status: fc.constantFrom('pending', 'succeeded', 'failed'),
  }),
  fc.record({ op: fc.constant('refundStatus' as const), pick, status: fc.constantFrom('succeeded', 'failed') }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

let orderId: string;
let serial = 0;

/** `n` ids of `table`, chosen by `pick` from its rows in id order (none when it is empty). */
async function idsOf(knex: Knex, table: 'payments' | 'refunds', pick: number, n = 1): Promise<string[]> {
  const ids = (await knex(table).select('id').orderBy('id')).map((r) => r.id as string);
  return ids.length ? Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[(pick + i * 7) % ids.length]!) : [];
}

async function apply(knex: Knex, w: Write): Promise<void> {
  if (w.op === 'insert') {
    await knex('payments').insert(
      w.rows.map(([s, amountCents, createdAt]) => ({
        orderId,
        checkoutId: `ch_${++serial}`,
        status: s,
        amountCents,
        createdAt,
      })),
    );
    return;
  }
  if (w.op === 'refund' || w.op === 'refundStatus') {
    if (w.op === 'refundStatus') {
      await knex('refunds')
        .whereIn('id', await idsOf(knex, 'refunds', w.pick))
        .update({ status: w.status });
      return;
    }
    const [paymentId] = await idsOf(knex, 'payments', w.pick);
    if (paymentId)
      await knex('refunds').insert({
        orderId,
        paymentId,
        amountCents: w.cents,
        reason: 'test',
        status: w.status,
        idempotencyKey: `r_${++serial}`,
        returnStatus: 'delivered',
      });
    return;
  }
  const ids = await idsOf(knex, 'payments', w.pick, 'n' in w ? w.n : 1);
  const rows = knex('payments').whereIn('id', ids);
  if (w.op === 'status') await rows.update({ status: w.status });
  else if (w.op === 'amount') await rows.update({ amountCents: w.cents });
  else if (w.op === 'moved') await rows.update({ createdAt: w.at });
  else if (w.op === 'unrelated') await rows.update({ processedAt: NOW, failureReason: 'looked at' });
  else await rows.delete();
}

/** The day figures as stored, and as counted from the payments. */
async function expectDayStatsExact(knex: Knex) {
  const stored = await knex.raw(
    'select day::text, status, payments, amount_cents::bigint::text from payment_day_stats order by 1, 2',
  );
  const counted = await knex.raw(
    `select (created_at at time zone 'UTC')::date::text as day, status, count(*)::int as payments, sum(amount_cents)::bigint::text as amount_cents
       from payments group by 1, 2 order by 1, 2`,
  );
  expect(stored.rows).toEqual(counted.rows);
}

/** The screen's cards of the last `days` days as one aggregate over every payment (the query the day figures replace). */
async function cardsCounted(knex: Knex, days: number) {
  const from = new Date(NOW.getTime() - days * DAY);
  const [r] = (
    await knex.raw(
      `select count(*)::int as total,
              coalesce(sum(p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0))
                filter (where p.status = 'succeeded'), 0)::bigint as revenue,
              ${PAYMENT_STATUSES.map((s) => `count(*) filter (where p.status = '${s}')::int as ${s}`).join(', ')}
         from payments p where p.created_at >= ?`,
      [from],
    )
  ).rows;
  const revenue = Number(r.revenue);
  return {
    totalRevenue: revenue / 100,
    totalTransactions: r.total,
    averageOrderValue: r.succeeded > 0 ? Math.round(revenue / r.succeeded) / 100 : 0,
    successRate: r.total > 0 ? Math.round((r.succeeded / r.total) * 100) : 0,
    successfulPayments: r.succeeded,
    pendingPayments: r.pending,
    failedPayments: r.failed,
    refundedPayments: r.refunded,
    cancelledPayments: r.cancelled,
  };
}

/** The cards of every range, as the screen answers them and as counted. */
async function expectCardsExact(knex: Knex) {
  for (const days of PAYMENT_RANGES) {
    const { recentPayments: _, ...cards } = await paymentSummary(knex, { status: 'all', days } as PaymentsQuery);
    expect([days, cards]).toEqual([days, await cardsCounted(knex, days)]);
  }
}

describe('migration 031 payment_day_stats', () => {
  beforeAll(async () => {
    orderId = await seedOrder(ctx.db.knex, {
      email: 'payer@pay.test',
      status: 'delivered',
      totalCents: 64_900,
      at: NOW,
    });
  });

  it('backfills the payments that exist when it runs', async () => {
    const knex = ctx.db.knex;
    await apply(knex, { op: 'insert', rows: fc.sample(fc.tuple(status, cents, moment), { numRuns: 40, seed: 31 }) });
    const m031 = MIGRATIONS.find((m) => m.name === '031_payment_day_stats')!;
    // As the migrator runs it: in one transaction.
    await knex.transaction(async (trx) => {
      await m031.down(trx);
      await m031.up(trx);
    });
    await expectDayStatsExact(knex);
    await expectCardsExact(knex);
  });

  it('equal the payments and the cards counted from them after any sequence of writes', async () => {
    const knex = ctx.db.knex;
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const w of writes) await apply(knex, w);
        await expectDayStatsExact(knex);
        await expectCardsExact(knex);
      }),
      { numRuns: 40, seed: 20261125 },
    );
  });

  it('holds when a statement writes inside a transaction that rolls back, and after a TRUNCATE', async () => {
    const knex = ctx.db.knex;
    await knex
      .transaction(async (trx) => {
        await apply(trx, { op: 'status', pick: 0, n: 3, status: 'failed' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await expectDayStatsExact(knex);
    await knex.raw('truncate payments cascade');
    await expectDayStatsExact(knex);
    await apply(knex, { op: 'insert', rows: [['succeeded', 1_000, NOW]] });
    await expectDayStatsExact(knex);
    await expectCardsExact(knex);
  });
});
