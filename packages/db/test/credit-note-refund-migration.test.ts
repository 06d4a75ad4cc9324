import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m045 from '../src/migrations/045_credit_note_refund';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// 045 links each credit note to its refund; the credit notes issued before it are paired with the
// succeeded refunds they were issued for (same order, amount and reason, in the order both were made).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await m045.down(db.knex);
});
afterAll(async () => {
  await db?.destroy();
});

describe('045_credit_note_refund', () => {
  it("links the earlier credit notes to their succeeded refunds, one each, and leaves a failed refund's none", async () => {
    const { knex } = db;
    const [order] = await knex('orders')
      .insert({
        customerEmail: 'a@example.co.za',
        status: 'payment_confirmed',
        unitPriceCents: 49_900,
        trackCount: 1,
        subtotalCents: 49_900,
        totalCents: 49_900,
      })
      .returning('id');
    const [payment] = await knex('payments')
      .insert({ orderId: order.id, checkoutId: 'ch_045', amountCents: 49_900, status: 'succeeded' })
      .returning('id');
    const refund = async (n: number, status: string, reason = 'Goodwill') =>
      (
        await knex('refunds')
          .insert({
            orderId: order.id,
            paymentId: payment.id,
            amountCents: 10_000,
            reason,
            status,
            idempotencyKey: `refund-045-${n}`,
            returnStatus: 'payment_confirmed',
            createdAt: new Date(Date.UTC(2026, 10, 1, n)),
            processedAt: new Date(Date.UTC(2026, 10, 1, n, 5)),
          })
          .returning('id')
      )[0].id as string;
    const first = await refund(1, 'succeeded');
    await refund(2, 'failed');
    const second = await refund(3, 'succeeded');
    const other = await refund(4, 'succeeded', 'Late delivery');
    const seller = JSON.stringify({ name: 'Studio' });
    const [invoice] = await knex('invoices')
      .insert({
        kind: 'receipt',
        number: 'INV-000045',
        orderId: order.id,
        seller,
        lines: '[]',
        totalCents: 49_900,
        vatCents: 0,
      })
      .returning('id');
    const note = async (n: number, reason = 'Goodwill') =>
      (
        await knex('invoices')
          .insert({
            kind: 'credit_note',
            number: `CN-00004${n}`,
            orderId: order.id,
            creditFor: invoice.id,
            seller,
            lines: '[]',
            totalCents: 10_000,
            vatCents: 0,
            reason,
            issuedAt: new Date(Date.UTC(2026, 10, 1, n, 5)),
          })
          .returning('id')
      )[0].id as string;
    const notes = [await note(1), await note(3), await note(4, 'Late delivery')];

    await m045.up(knex);
    const linked = await knex('invoices').whereIn('id', notes).orderBy('number').select('refundId');
    expect(linked.map((r) => r.refundId)).toEqual([first, second, other]);
    expect((await knex('invoices').where('id', invoice.id).first()).refundId).toBeNull();
    // One credit note per refund from now on.
    await expect(
      knex('invoices').insert({
        kind: 'credit_note',
        number: 'CN-000049',
        orderId: order.id,
        creditFor: invoice.id,
        refundId: first,
        seller,
        lines: '[]',
        totalCents: 1,
        vatCents: 0,
      }),
    ).rejects.toThrow(/invoices_one_per_refund/);
  });
});
