// Keeps promise "credit-note-on-refund" (packages/contracts/src/promises.ts).
import { describe, expect, it } from 'vitest';
import { Invoice } from '@mastering/db';
import { creditNotePdf, issueCreditNote, issueInvoice, issueRefundCreditNote, renderInvoicePdf } from '../src';
import { pdfText } from '../src/pdf-text';
import { documentsDatabase, paidOrderIn, setVendorIn } from './documents';

// Credit notes (issue 50): the refund policy's "you receive a credit note", one per succeeded refund.
const db = documentsDatabase();
const paidOrder = () => paidOrderIn(db.knex);

/** A succeeded refund of `amountCents` of a paid order (with its payment), as the refunds service records it. */
async function succeededRefund(orderId: string, amountCents: number, reason: string) {
  const [payment] = await db
    .knex('payments')
    .insert({ orderId, checkoutId: `ch_${orderId}`, amountCents: 49_900, status: 'succeeded' })
    .returning('id');
  const [refund] = await db
    .knex('refunds')
    .insert({
      orderId,
      paymentId: payment.id,
      amountCents,
      reason,
      status: 'succeeded',
      idempotencyKey: `refund-${orderId}-${amountCents}`,
      returnStatus: 'payment_confirmed',
    })
    .returning(['id', 'orderId', 'amountCents', 'reason']);
  return refund as { id: string; orderId: string; amountCents: number; reason: string };
}

describe('credit notes', () => {
  it('credits a refund with a credit note from its own series, never more than was charged', async () => {
    await setVendorIn(db.knex, true);
    const orderId = await paidOrder();
    await db.knex.transaction((trx) => issueInvoice(trx, orderId));
    const note = await db.knex.transaction((trx) =>
      issueCreditNote(trx, { orderId, amountCents: 20_000, reason: 'late delivery' }),
    );
    expect(note).toMatchObject({ kind: 'credit_note', number: 'CN-000001', totalCents: 20_000, vatCents: 2609 });
    expect(pdfText(await renderInvoicePdf(note))).toContain('Credit Note');
    await expect(
      db.knex.transaction((trx) => issueCreditNote(trx, { orderId, amountCents: 29_901, reason: 'too much' })),
    ).rejects.toThrow('between 1 and 29900 cents');
    expect(await Invoice.query(db.knex).where({ orderId, kind: 'credit_note' }).resultSize()).toBe(1);
  });

  it("issues a refund's credit note once, linked to the refund, invoicing an order paid before invoices first", async () => {
    await setVendorIn(db.knex, false);
    const orderId = await paidOrder();
    const refund = await succeededRefund(orderId, 10_000, 'One track was not needed');
    const note = await db.knex.transaction((trx) => issueRefundCreditNote(trx, refund));
    expect(note).toMatchObject({ kind: 'credit_note', refundId: refund.id, orderId, totalCents: 10_000, vatCents: 0 });
    const invoice = await Invoice.query(db.knex).where({ orderId }).whereNot('kind', 'credit_note').first();
    expect(note.creditFor).toBe(invoice!.id);
    // The same success again (a replayed webhook): the same note, no second number taken.
    const again = await db.knex.transaction((trx) => issueRefundCreditNote(trx, refund));
    expect(again.id).toBe(note.id);
    expect(await Invoice.query(db.knex).where({ orderId, kind: 'credit_note' }).resultSize()).toBe(1);
    const next = await db.knex.transaction(async (trx) =>
      issueRefundCreditNote(trx, await succeededRefund(await paidOrder(), 5_000, 'Goodwill')),
    );
    expect(Number(next.number.split('-')[1])).toBe(Number(note.number.split('-')[1]) + 1);
  });

  it('renders as a PDF that names the invoice it credits and the refund to the card, for its own order only', async () => {
    await setVendorIn(db.knex, true);
    const orderId = await paidOrder();
    const note = await db.knex.transaction(async (trx) =>
      issueRefundCreditNote(trx, await succeededRefund(orderId, 12_000, 'Shorter album')),
    );
    const invoice = await Invoice.query(db.knex).where({ orderId }).whereNot('kind', 'credit_note').first();
    const found = await creditNotePdf(db.knex, orderId, note.id);
    expect(found?.filename).toBe(`${note.number}.pdf`);
    const text = pdfText(found!.pdf);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Number: ${note.number}`);
    expect(text).toContain(`Credits: Tax Invoice ${invoice!.number}`);
    expect(text).toContain('Refund: Shorter album');
    expect(text).toContain('VAT at 15%: R15.65');
    expect(text).toContain('Refunded to the paying card through Yoco');
    expect(text).not.toContain('Paid by card');
    // Another order's id, or the invoice's own id, is no credit note of this order.
    expect(await creditNotePdf(db.knex, await paidOrder(), note.id)).toBeNull();
    expect(await creditNotePdf(db.knex, orderId, invoice!.id)).toBeNull();
  });
});
