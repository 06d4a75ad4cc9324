import type { Knex } from 'knex';
import { ago, seedOrder } from './support';

/**
 * A delivered R649 order paid yesterday, with two partial refunds: R100 that succeeded and R50 that
 * failed. Every revenue figure should count it as R549. Answers the order's id.
 */
export async function seedPartlyRefundedOrder(knex: Knex, email: string, checkoutId: string): Promise<string> {
  const orderId = await seedOrder(knex, { email, status: 'delivered', totalCents: 64_900, at: ago(1) });
  const [{ id: paymentId }] = await knex('payments')
    .insert({ orderId, checkoutId, amountCents: 64_900, status: 'succeeded', createdAt: ago(1) })
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
  await knex('refunds').insert([refund('a', 10_000, 'succeeded'), refund('b', 5_000, 'failed')]);
  return orderId;
}
