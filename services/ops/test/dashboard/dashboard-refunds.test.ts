import { expect, it } from 'vitest';
import { AnalyticsResponse, DashboardStats } from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

// Issue 25: the dashboard's and analytics' revenue net out succeeded partial refunds, as the Payments screen does;
// a failed refund changes nothing.
const ctx = opsPerFile();

it('takes succeeded partial refunds off the dashboard and analytics revenue, and leaves failed ones', async () => {
  const orderId = await seedOrder(ctx.db.knex, {
    email: 'net@dash.example',
    status: 'delivered',
    totalCents: 64_900,
    at: ago(1),
  });
  const [{ id: paymentId }] = await ctx.db
    .knex('payments')
    .insert({ orderId, checkoutId: 'ch_dash', amountCents: 64_900, status: 'succeeded', createdAt: ago(1) })
    .returning('id');
  const refund = (key: string, amountCents: number, status: string) => ({
    orderId,
    paymentId,
    amountCents,
    reason: 'test',
    status,
    idempotencyKey: key,
    returnStatus: 'delivered',
  });
  await ctx.db.knex('refunds').insert([refund('a', 10_000, 'succeeded'), refund('b', 5_000, 'failed')]);
  const res = await fetch(`${ctx.base}/api/admin/dashboard-stats`, { headers: await identityAs('admin') });
  expect(res.status).toBe(200);
  expect(DashboardStats.parse(await res.json()).totalRevenue).toBe(549);
  const week = await fetch(`${ctx.base}/api/admin/analytics?days=7`, { headers: await identityAs('admin') });
  expect(week.status).toBe(200);
  expect(AnalyticsResponse.parse(await week.json()).overview.totalRevenue).toBe(549);
});
