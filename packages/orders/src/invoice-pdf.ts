import { formatCents, INVOICE_TITLES, studioIdentityLines, VAT_RATE_PERCENT, vatBreakdown } from '@mastering/contracts';
import type { Invoice } from '@mastering/db';

/** Rand with cents, as an invoice prints money: 32400 -> "R324.00". */
const money = (cents: number) => `${cents < 0 ? '-' : ''}R${(Math.abs(cents) / 100).toFixed(2)}`;

/**
 * The PDF of an issued document (made on the server with pdfkit): its title ("Tax Invoice", "Receipt",
 * "Credit Note") and number, the seller (with the VAT number when a vendor), the recipient (on a full
 * tax invoice and a credit note), the invoice a credit note credits (when `credited` is fetched), the
 * lines, and the total with its 15 % VAT when a vendor.
 * `compress: false` keeps the text readable by any PDF reader and by the tests.
 */
export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // pdfkit (with its fonts) is loaded at the first invoice, not when the service starts: it is about a
  // quarter of a second of start-up for three services that render a PDF rarely.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: false,
    info: { Title: `${INVOICE_TITLES[invoice.kind]} ${invoice.number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { seller } = invoice;
  const vendor = invoice.kind !== 'receipt' && seller.vatVendor;
  doc.fontSize(20).text(INVOICE_TITLES[invoice.kind]);
  doc.fontSize(10).moveDown(0.5).text(`Number: ${invoice.number}`);
  doc.text(`Date: ${new Date(invoice.issuedAt).toISOString().slice(0, 10)}`);
  if (invoice.orderId) doc.text(`Order: ${invoice.orderId}`);
  if (invoice.credited) doc.text(`Credits: ${INVOICE_TITLES[invoice.credited.kind]} ${invoice.credited.number}`);
  doc.moveDown().fontSize(12).text(seller.name);
  doc.fontSize(10);
  for (const line of studioIdentityLines({ ...seller, vatVendor: Boolean(vendor) })) doc.text(line);
  if ((invoice.kind === 'full_tax_invoice' || invoice.kind === 'credit_note') && invoice.customerEmail) {
    doc.moveDown().text('Recipient:');
    doc.text(invoice.customerEmail);
  }
  doc.moveDown();
  for (const line of invoice.lines) doc.text(`${line.description}  x${line.quantity}  ${money(line.totalCents)}`);
  doc.moveDown();
  if (vendor) {
    const { exclusiveCents, vatCents } = vatBreakdown(invoice.totalCents, true);
    doc.text(`Amount excluding VAT: ${money(exclusiveCents)}`);
    doc.text(`VAT at ${VAT_RATE_PERCENT}%: ${money(vatCents)}`);
    doc.fontSize(12).text(`Total including VAT: ${money(invoice.totalCents)}`);
  } else {
    doc.fontSize(12).text(`Total: ${money(invoice.totalCents)}`);
    doc.fontSize(9).text('No VAT charged: the seller is not registered for VAT.');
  }
  if (invoice.reason) doc.fontSize(10).moveDown().text(`Reason: ${invoice.reason}`);
  const settlement =
    invoice.kind === 'credit_note' ? 'Refunded to the paying card through Yoco' : 'Paid by card through Yoco';
  doc
    .fontSize(9)
    .moveDown()
    .text(`${settlement}. ${formatCents(invoice.totalCents)} in South African rand.`);
  doc.end();
  return done;
}
