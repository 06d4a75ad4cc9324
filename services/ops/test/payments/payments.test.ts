import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentDetail, PaymentSummary, type PaymentStatus, type Role } from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const get = async (path: string, role: Role | null = 'admin') =>
  fetch(`${ctx.base}${path}`, { headers: role ? await identityAs(role) : {} });
const summary = async (query = '') => {
  const res = await get(`/api/admin/payments${query}`);
  expect(res.status).toBe(200);
  return PaymentSummary.parse(await res.json());
};

const ids: Record<string, { payment: string; order: string }> = {};
/** One payment (cents) for a fresh order of `email`, made `days` days ago, with its webhook events. */
async function payment(
  key: string,
  email: string,
  status: PaymentStatus,
  amountCents: number,
  days: number,
  events: string[] = [],
  paymentId: string | null = null,
) {
  const order = await seedOrder(ctx.db.knex, {
    email,
    status: status === 'succeeded' || status === 'refunded' ? 'payment_confirmed' : 'pending_payment',
    totalCents: amountCents,
    at: ago(days),
  });
  const [{ id }] = await ctx.db
    .knex('payments')
    .insert({
      orderId: order,
      checkoutId: `ch_${key}`,
      paymentId,
      amountCents,
      status,
      createdAt: ago(days),
      processedAt: status === 'pending' ? null : ago(days),
    })
    .returning('id');
  for (const [i, type] of events.entries()) {
    await ctx.db.knex('paymentEvents').insert({
      eventId: `evt_${key}_${i}`,
      type,
      payload: JSON.stringify({ type }),
      paymentId: id,
      receivedAt: ago(days, -i),
      processedAt: ago(days, -i),
    });
  }
  ids[key] = { payment: id, order };
}

// Hand-computed figures for the last 30 days: six payments, two succeeded (R649 + R324 = R973,
// average R486.50), success rate 2/6 = 33%; one each pending, failed, refunded, cancelled.
// Over 90 days a seventh (R1000, succeeded, 40 days ago) joins: R1973, average 197300/3 cents = R657.67, 3/7 = 43%.
beforeAll(async () => {
  await payment('p1', 'amara@pay.example', 'succeeded', 64_900, 2, ['payment.succeeded'], 'pay_ABC123');
  await payment('p2', 'bongani@pay.example', 'succeeded', 32_400, 10);
  await payment('p3', 'bongani@pay.example', 'failed', 32_400, 5, ['payment.failed']);
  await payment('p4', 'chris@pay.example', 'pending', 49_900, 1);
  await payment(
    'p5',
    'amara@pay.example',
    'refunded',
    64_900,
    20,
    ['payment.succeeded', 'refund.succeeded'],
    'pay_REF',
  );
  await payment('p6', 'dineo@pay.example', 'cancelled', 32_400, 3, ['payment.cancelled']);
  await payment('p7', 'elias@pay.example', 'succeeded', 100_000, 40);
});

describe('GET /api/admin/payments', () => {
  it('is for admins only', async () => {
    expect((await get('/api/admin/payments', null)).status).toBe(401);
    expect((await get('/api/admin/payments', 'engineer')).status).toBe(403);
    expect((await get(`/api/admin/payments/${'0'.repeat(8)}-0000-4000-8000-000000000000`, 'customer')).status).toBe(
      403,
    );
  });

  it('computes the cards and every count over the last 30 days by default, amounts in cents in the list', async () => {
    const s = await summary();
    expect(s).toMatchObject({
      totalRevenue: 973,
      totalTransactions: 6,
      averageOrderValue: 486.5,
      successRate: 33,
      successfulPayments: 2,
      pendingPayments: 1,
      failedPayments: 1,
      refundedPayments: 1,
      cancelledPayments: 1,
    });
    expect(s.recentPayments.map((p) => [p.id, p.status, p.amount])).toEqual([
      [ids.p4.payment, 'pending', 49_900],
      [ids.p1.payment, 'succeeded', 64_900],
      [ids.p6.payment, 'cancelled', 32_400],
      [ids.p3.payment, 'failed', 32_400],
      [ids.p2.payment, 'succeeded', 32_400],
      [ids.p5.payment, 'refunded', 64_900],
    ]);
    expect(s.recentPayments[1]).toMatchObject({
      paymentId: 'pay_ABC123',
      orderId: ids.p1.order,
      customerEmail: 'amara@pay.example',
      currency: 'ZAR',
      paymentMethod: 'card',
    });
    expect(s.recentPayments[0].processedAt).toBeNull();
  });

  it('widens with the date range; the status filter narrows the list but not the cards', async () => {
    expect(await summary('?days=90')).toMatchObject({
      totalRevenue: 1973,
      totalTransactions: 7,
      averageOrderValue: 657.67,
      successRate: 43,
    });
    const s = await summary('?status=succeeded');
    expect(s.recentPayments.map((p) => p.id)).toEqual([ids.p1.payment, ids.p2.payment]);
    expect(s.totalTransactions).toBe(6);
    expect((await summary('?status=refunded&days=7')).recentPayments).toEqual([]);
  });

  it('searches customer email, order id and payment id', async () => {
    const found = async (q: string) =>
      (await summary(`?days=365&q=${encodeURIComponent(q)}`)).recentPayments.map((p) => p.id);
    expect(await found('BONGANI@')).toEqual([ids.p3.payment, ids.p2.payment]);
    expect(await found(ids.p4.order.slice(0, 8))).toEqual([ids.p4.payment]);
    expect(await found('pay_abc')).toEqual([ids.p1.payment]);
    expect(await summary('?q=pay_abc')).toMatchObject({ totalTransactions: 1, successRate: 100, totalRevenue: 649 });
    expect(await found('nothing-like-this')).toEqual([]);
    expect(await summary('?q=nothing-like-this')).toMatchObject({
      totalTransactions: 0,
      successRate: 0,
      averageOrderValue: 0,
      totalRevenue: 0,
    });
  });

  it('refuses an unknown range or status with 400', async () => {
    expect((await get('/api/admin/payments?days=14')).status).toBe(400);
    expect((await get('/api/admin/payments?status=paid')).status).toBe(400);
  });
});

describe('GET /api/admin/payments/:id', () => {
  it('answers the payment with the webhook events received for it, oldest first', async () => {
    const res = await get(`/api/admin/payments/${ids.p5.payment}`);
    const detail = PaymentDetail.parse(await res.json());
    expect(detail).toMatchObject({
      id: ids.p5.payment,
      status: 'refunded',
      amount: 64_900,
      customerEmail: 'amara@pay.example',
      paymentId: 'pay_REF',
    });
    expect(detail.events.map((e) => [e.eventId, e.type])).toEqual([
      ['evt_p5_0', 'payment.succeeded'],
      ['evt_p5_1', 'refund.succeeded'],
    ]);
    expect(PaymentDetail.parse(await (await get(`/api/admin/payments/${ids.p2.payment}`)).json()).events).toEqual([]);
    expect((await get('/api/admin/payments/2b7c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f')).status).toBe(404);
    expect((await get('/api/admin/payments/nope')).status).toBe(400);
  });

  it('shows staff which payments need attention, and why', async () => {
    await ctx.db.knex('payments').where('id', ids.p2.payment).update({ attention: 'already_paid' });
    const listed = (await summary()).recentPayments;
    expect(listed.find((p) => p.id === ids.p2.payment)!.attention).toBe('already_paid');
    expect(listed.filter((p) => p.attention !== null).map((p) => p.id)).toEqual([ids.p2.payment]);
    expect(PaymentDetail.parse(await (await get(`/api/admin/payments/${ids.p2.payment}`)).json()).attention).toBe(
      'already_paid',
    );
    // Only the two reasons there are.
    await expect(
      ctx.db.knex('payments').where('id', ids.p2.payment).update({ attention: 'whatever' }),
    ).rejects.toThrow();
  });
});
