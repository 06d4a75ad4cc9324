import { expect, it } from 'vitest';
import { AnalyticsResponse, DashboardStats } from '@mastering/contracts';
import { seedPartlyRefundedOrder } from '../refund-support';
import { identityAs, opsPerFile } from '../support';

// Issue 25: the dashboard's and analytics' revenue net out succeeded partial refunds, as the Payments screen does;
// a failed refund changes nothing.
const ctx = opsPerFile();

it('takes succeeded partial refunds off the dashboard and analytics revenue, and leaves failed ones', async () => {
  await seedPartlyRefundedOrder(ctx.db.knex, 'net@dash.example', 'ch_dash');
  const res = await fetch(`${ctx.base}/api/admin/dashboard-stats`, { headers: await identityAs('admin') });
  expect(res.status).toBe(200);
  expect(DashboardStats.parse(await res.json()).totalRevenue).toBe(549);
  const week = await fetch(`${ctx.base}/api/admin/analytics?days=7`, { headers: await identityAs('admin') });
  expect(week.status).toBe(200);
  expect(AnalyticsResponse.parse(await week.json()).overview.totalRevenue).toBe(549);
});
