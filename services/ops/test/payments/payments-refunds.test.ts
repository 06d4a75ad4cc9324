import { expect, it } from 'vitest';
import { PaymentSummary } from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

// Issue 25: the Payments screen's revenue counts refunds. A payment refunded in full is `refunded`
// (outside revenue already); a partial refund that succeeded comes off the revenue, a failed one does not.
const ctx = opsPerFile();

it('takes succeeded partial refunds off the revenue, and leaves failed ones', async () => {
  const orderId = await seedOrder(ctx.db.knex, {
    email: 'net@pay.example',
    status: 'delivered',
    totalCents: 64_900,
    at: ago(1),
  });
  const [{ id: paymentId }] = await ctx.db
    .knex('payments')
    .insert({ orderId, checkoutId: 'ch_net', amountCents: 64_900, status: 'succeeded', createdAt: ago(1) })
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
  const res = await fetch(`${ctx.base}/api/admin/payments`, { headers: await identityAs('admin') });
  expect(res.status).toBe(200);
  expect(PaymentSummary.parse(await res.json())).toMatchObject({ totalRevenue: 549, successfulPayments: 1 });
});
