import { describe, expect, it } from 'vitest';
import { issueInvoice, renderInvoicePdf } from '../src';
import { pdfText } from '../src/pdf-text';
import { documentsDatabase, paidOrderIn, setVendorIn } from './documents';

const db = documentsDatabase();
const paidOrder = (tracks?: number, email?: string) => paidOrderIn(db.knex, tracks, email);
const setVendor = (vatVendor: boolean) => setVendorIn(db.knex, vatVendor);

const serialOf = (number: string) => Number(number.split('-')[1]);

describe('invoices', () => {
  it('numbers invoices without gaps under concurrent payments, one per order', async () => {
    await setVendor(false);
    const orders = await Promise.all(Array.from({ length: 12 }, (_, i) => paidOrder(1, `c${i}@example.co.za`)));
    const issued = await Promise.all(orders.map((id) => db.knex.transaction((trx) => issueInvoice(trx, id))));
    expect(issued.map((i) => serialOf(i.number)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    // A payment rolled back gives its number back; paying again keeps the order's one invoice.
    const rolledBack = await paidOrder();
    await db.knex
      .transaction(async (trx) => {
        await issueInvoice(trx, rolledBack);
        throw new Error('payment failed later');
      })
      .catch(() => undefined);
    const again = await db.knex.transaction((trx) => issueInvoice(trx, rolledBack));
    expect(again.number).toBe('INV-000013');
    expect((await db.knex.transaction((trx) => issueInvoice(trx, rolledBack))).id).toBe(again.id);
  });

  it('is a Receipt without VAT registration, an abridged Tax Invoice up to R5,000, a full one with the recipient above', async () => {
    await setVendor(false);
    const receipt = await db.knex.transaction(async (trx) => issueInvoice(trx, await paidOrder(1)));
    expect(receipt).toMatchObject({ kind: 'receipt', vatCents: 0 });
    expect(pdfText(await renderInvoicePdf(receipt))).toContain('Receipt');

    await setVendor(true);
    const abridged = await db.knex.transaction(async (trx) => issueInvoice(trx, await paidOrder(10))); // R4,990
    expect(abridged).toMatchObject({ kind: 'abridged_tax_invoice', totalCents: 499_000, vatCents: 65_087 });
    const abridgedText = pdfText(await renderInvoicePdf(abridged));
    expect(abridgedText).toContain('Tax Invoice');
    expect(abridgedText).toContain('VAT number 4123456789');
    expect(abridgedText).toContain('VAT at 15%: R650.87');
    expect(abridgedText).not.toContain('Recipient');

    const full = await db.knex.transaction(async (trx) => issueInvoice(trx, await paidOrder(11, 'big@example.co.za'))); // R5,489
    expect(full.kind).toBe('full_tax_invoice');
    const fullText = pdfText(await renderInvoicePdf(full));
    expect(fullText).toContain('Recipient');
    expect(fullText).toContain('big@example.co.za');
    expect(fullText).toContain('Total including VAT: R5489.00');
  });
});
