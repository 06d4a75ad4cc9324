import { expect, it } from 'vitest';
import { AnalyticsResponse } from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

// Issue 25: the revenue trend shows each period's gross, its refunds and the net the chart draws; a
// refund counts in the period its order was placed in (as the KPIs count it), a failed one nowhere.
const ctx = opsPerFile();

/** A paid order placed `days` ago with its payment, and refunds of it (cents, status). */
async function paidOrder(days: number, totalCents: number, refunds: [number, 'succeeded' | 'failed' | 'pending'][]) {
  const knex = ctx.db.knex;
  const orderId = await seedOrder(knex, {
    email: `net${days}@trend.example`,
    status: 'delivered',
    totalCents,
    at: ago(days),
  });
  const [{ id: paymentId }] = await knex('payments')
    .insert({
      orderId,
      checkoutId: `ch_trend_${days}`,
      amountCents: totalCents,
      status: 'succeeded',
      createdAt: ago(days),
    })
    .returning('id');
  if (refunds.length === 0) return;
  await knex('refunds').insert(
    refunds.map(([amountCents, status], i) => ({
      orderId,
      paymentId,
      amountCents,
      reason: 'test',
      status,
      idempotencyKey: `trend-${days}-${i}`,
      returnStatus: 'delivered',
    })),
  );
}

it('nets each period of the revenue trend of the refunds of its orders, and sums to the KPI', async () => {
  await paidOrder(1, 100_000, [
    [20_000, 'succeeded'],
    [5_000, 'failed'],
    [1_000, 'pending'],
  ]);
  await paidOrder(3, 50_000, []);
  const res = await fetch(`${ctx.base}/api/admin/analytics?days=7`, { headers: await identityAs('admin') });
  expect(res.status).toBe(200);
  const { revenueByPeriod: week, overview } = AnalyticsResponse.parse(await res.json());
  const day = (days: number) => week.find((p) => p.date === ago(days).toISOString().slice(0, 10));
  expect(day(1)).toMatchObject({ gross: 1000, refunds: 200, revenue: 800, orders: 1 });
  expect(day(3)).toMatchObject({ gross: 500, refunds: 0, revenue: 500, orders: 1 });
  expect(week.reduce((s, p) => s + p.revenue, 0)).toBe(overview.totalRevenue);
  expect(overview.totalRevenue).toBe(1300);
});
