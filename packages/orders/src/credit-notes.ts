import type { Knex } from 'knex';
import { DomainError, invoiceNumberOf, vatBreakdown, type InvoiceKind } from '@mastering/contracts';
import { Invoice } from '@mastering/db';
import { renderInvoicePdf } from './invoice-pdf';
import { issueInvoice, nextSerial } from './invoices';

// Credit notes (issue 50): the refund policy promises "you receive a credit note". Each succeeded refund
// gets one, numbered from the gapless CN series against the order's invoice; the "Refund processed" mail
// attaches its PDF, and the order page and the admin order dialog link it beside the refund.

/** What a refund credits: the order, the amount in cents (at most what its invoice charged), why, and which refund. */
export type CreditNoteRequest = { orderId: string; amountCents: number; reason: string; refundId?: string };

/**
 * Issues a credit note: numbered from the gapless CN series, against the order's invoice, with the VAT
 * share of the amount when that invoice was a tax invoice. Call it in the transaction that records the
 * refund. Refuses an amount above what the invoice charged, less any credit notes already issued against it.
 */
export async function issueCreditNote(trx: Knex.Transaction, request: CreditNoteRequest): Promise<Invoice> {
  const invoice = await Invoice.query(trx)
    .where({ orderId: request.orderId })
    .whereNot('kind', 'credit_note')
    .forUpdate()
    .first();
  if (!invoice) throw new DomainError('not-found', 'This order has no invoice to credit');
  const credited = await Invoice.query(trx).where({ creditFor: invoice.id }).sum('totalCents as sum').first();
  const left = invoice.totalCents - Number((credited as unknown as { sum: string | null })?.sum ?? 0);
  if (!Number.isInteger(request.amountCents) || request.amountCents < 1 || request.amountCents > left)
    throw new DomainError('invalid', `A credit note must be between 1 and ${left} cents for this order`);
  const vatVendor = invoice.kind !== 'receipt';
  const kind: InvoiceKind = 'credit_note';
  return Invoice.query(trx).insertAndFetch({
    kind,
    number: invoiceNumberOf(kind, await nextSerial(trx, 'CN')),
    orderId: request.orderId,
    creditFor: invoice.id,
    refundId: request.refundId ?? null,
    seller: invoice.seller,
    customerEmail: invoice.customerEmail,
    lines: [
      {
        description: `Refund: ${request.reason}`,
        quantity: 1,
        unitCents: request.amountCents,
        totalCents: request.amountCents,
      },
    ],
    totalCents: request.amountCents,
    vatCents: vatBreakdown(request.amountCents, vatVendor).vatCents,
    reason: request.reason,
  });
}

/** A refund Yoco confirmed, as its credit note needs it (amount in cents). */
export type SucceededRefund = { id: string; orderId: string; amountCents: number; reason: string };

/**
 * The credit note of a succeeded refund, issued once inside the transaction that records the success: a
 * refund credited already answers its note (a replayed webhook issues no second one). An order paid
 * before invoices existed gets its invoice first, so the note has one to credit.
 */
export async function issueRefundCreditNote(trx: Knex.Transaction, refund: SucceededRefund): Promise<Invoice> {
  const existing = await Invoice.query(trx).findOne({ refundId: refund.id });
  if (existing) return existing;
  await issueInvoice(trx, refund.orderId);
  return issueCreditNote(trx, {
    orderId: refund.orderId,
    amountCents: refund.amountCents,
    reason: refund.reason,
    refundId: refund.id,
  });
}

/**
 * One credit note of an order as a PDF download (with the number of the invoice it credits), or null
 * when the order has no such credit note (another order's id answers null too).
 */
export async function creditNotePdf(
  knex: Knex,
  orderId: string,
  creditNoteId: string,
): Promise<{ filename: string; pdf: Buffer } | null> {
  const note = await Invoice.query(knex)
    .findOne({ id: creditNoteId, orderId, kind: 'credit_note' })
    .withGraphFetched('credited');
  return note ? { filename: `${note.number}.pdf`, pdf: await renderInvoicePdf(note) } : null;
}
