import { z } from 'zod';
import { vatIncludedCents } from './pricing';

// Invoices of paid orders (issue 26): a VAT vendor issues a Tax Invoice (full above R5,000 with the
// recipient's details, abridged at or below), a studio not registered for VAT a Receipt; a refund
// issues a credit note. Money is integer cents throughout; prices include VAT.

/** Above this total (cents, VAT included) a tax invoice must be a full one with the recipient's details. */
export const FULL_TAX_INVOICE_ABOVE_CENTS = 500_000;

/** What a document is: a tax invoice (full or abridged), a receipt, or a credit note. */
export const InvoiceKind = z.enum(['full_tax_invoice', 'abridged_tax_invoice', 'receipt', 'credit_note']);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** The title printed on each kind of document. */
export const INVOICE_TITLES: Readonly<Record<InvoiceKind, string>> = {
  full_tax_invoice: 'Tax Invoice',
  abridged_tax_invoice: 'Tax Invoice',
  receipt: 'Receipt',
  credit_note: 'Credit Note',
};

/** The kind of document a payment of `totalCents` gets: by the VAT vendor switch and the R5,000 rule. */
export function invoiceKindFor(vatVendor: boolean, totalCents: number): Exclude<InvoiceKind, 'credit_note'> {
  if (!vatVendor) return 'receipt';
  return totalCents > FULL_TAX_INVOICE_ABOVE_CENTS ? 'full_tax_invoice' : 'abridged_tax_invoice';
}

/** A VAT-inclusive total split into the amount before VAT and the VAT (zero VAT when not a vendor), in cents. */
export function vatBreakdown(totalCents: number, vatVendor: boolean): { exclusiveCents: number; vatCents: number } {
  const vatCents = vatVendor ? vatIncludedCents(totalCents) : 0;
  return { exclusiveCents: totalCents - vatCents, vatCents };
}

/** The serial as printed: "INV-000042", "CN-000003" (one gapless series for invoices and receipts, one for credit notes). */
export const invoiceNumberOf = (kind: InvoiceKind, serial: number) =>
  `${kind === 'credit_note' ? 'CN' : 'INV'}-${String(serial).padStart(6, '0')}`;

/**
 * GET /api/orders/:id/credit-notes/:creditNoteId (the order page's link) and
 * /api/admin/orders/:id/credit-notes/:creditNoteId (staff): one credit note of the order, as a PDF.
 */
export const CreditNoteParams = z.object({ id: z.uuid('Not a valid id'), creditNoteId: z.uuid('Not a valid id') });
export type CreditNoteParams = z.infer<typeof CreditNoteParams>;
