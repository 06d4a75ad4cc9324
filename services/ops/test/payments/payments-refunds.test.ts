import { expect, it } from 'vitest';
import { PaymentSummary } from '@mastering/contracts';
import { seedPartlyRefundedOrder } from '../refund-support';
import { identityAs, opsPerFile } from '../support';

// Issue 25: the Payments screen's revenue counts refunds. A payment refunded in full is `refunded`
// (outside revenue already); a partial refund that succeeded comes off the revenue, a failed one does not.
const ctx = opsPerFile();

it('takes succeeded partial refunds off the revenue, and leaves failed ones', async () => {
  await seedPartlyRefundedOrder(ctx.db.knex, 'net@pay.example', 'ch_net');
  const res = await fetch(`${ctx.base}/api/admin/payments`, { headers: await identityAs('admin') });
  expect(res.status).toBe(200);
  expect(PaymentSummary.parse(await res.json())).toMatchObject({ totalRevenue: 549, successfulPayments: 1 });
});
