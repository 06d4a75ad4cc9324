import type { Knex } from 'knex';
import {
  invoiceKindFor,
  invoiceNumberOf,
  packInvoiceLines,
  supportAddressOf,
  vatBreakdown,
} from '@mastering/contracts';
import { Invoice, InvoiceCounter, Order, Setting, type InvoiceSeller } from '@mastering/db';
import { renderInvoicePdf } from './invoice-pdf';

/** The seller as Settings → General names it now (copied onto each document as issued). */
async function sellerNow(trx: Knex): Promise<InvoiceSeller> {
  const general = await Setting.section(trx, 'general');
  return {
    name: general.legalName || general.siteName,
    registrationNumber: general.registrationNumber,
    vatNumber: general.vatNumber,
    vatVendor: general.vatVendor,
    physicalAddress: general.physicalAddress,
    phone: general.phone,
    email: supportAddressOf(general),
  };
}

/**
 * The next serial of a series, gapless: the counter row is locked until the caller's transaction ends,
 * so concurrent payments take turns and a rolled-back payment gives its number back.
 */
export async function nextSerial(trx: Knex.Transaction, series: 'INV' | 'CN'): Promise<number> {
  const counter = await InvoiceCounter.query(trx).findById(series).forUpdate().throwIfNotFound();
  const serial = counter.lastSerial + 1;
  await InvoiceCounter.query(trx).findById(series).patch({ lastSerial: serial });
  return serial;
}

/**
 * Issues the invoice of a paid order inside the paying transaction: a Tax Invoice (full above R5,000,
 * else abridged) when the studio is a VAT vendor, else a Receipt, numbered from the gapless INV series.
 * Idempotent: an order keeps the one invoice it was issued.
 */
export async function issueInvoice(trx: Knex.Transaction, orderId: string): Promise<Invoice> {
  const existing = await Invoice.query(trx).where({ orderId }).whereNot('kind', 'credit_note').first();
  if (existing) return existing;
  const order = await Order.query(trx).findById(orderId).throwIfNotFound();
  const seller = await sellerNow(trx);
  const kind = invoiceKindFor(seller.vatVendor, order.totalCents);
  const { vatCents } = vatBreakdown(order.totalCents, seller.vatVendor);
  const lines = [
    {
      description: `Mastering, ${order.trackCount} track${order.trackCount === 1 ? '' : 's'}`,
      quantity: order.trackCount,
      unitCents: order.unitPriceCents,
      totalCents: order.subtotalCents,
    },
    ...(order.discountCents
      ? [
          {
            description: `Launch discount (${order.discountPercent}%)`,
            quantity: 1,
            unitCents: -order.discountCents,
            totalCents: -order.discountCents,
          },
        ]
      : []),
    // The release pack's priced formats, one line each (issue 54).
    ...packInvoiceLines(order.releasePack, order.trackCount),
  ];
  return Invoice.query(trx).insertAndFetch({
    kind,
    number: invoiceNumberOf(kind, await nextSerial(trx, 'INV')),
    orderId,
    seller,
    customerEmail: order.customerEmail,
    lines,
    totalCents: order.totalCents,
    vatCents,
  });
}

/** The invoice (or receipt) of an order as a PDF download, or null while the order has none (unpaid). */
export async function orderInvoicePdf(knex: Knex, orderId: string): Promise<{ filename: string; pdf: Buffer } | null> {
  const invoice = await Invoice.query(knex).where({ orderId }).whereNot('kind', 'credit_note').first();
  return invoice ? { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice) } : null;
}
