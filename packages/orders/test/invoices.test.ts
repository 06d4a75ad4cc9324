import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { Invoice } from '@mastering/db';
import { issueCreditNote, issueInvoice, renderInvoicePdf } from '../src';
import { pdfText } from '../src/pdf-text';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

/** A paid order of `tracks` tracks at R499 (no discount), answering its id. */
async function paidOrder(tracks = 1, email = 'buyer@example.co.za'): Promise<string> {
  const total = 49_900 * tracks;
  const [{ id }] = await db
    .knex('orders')
    .insert({
      customerEmail: email,
      status: 'payment_confirmed',
      unitPriceCents: 49_900,
      trackCount: tracks,
      discountPercent: 0,
      subtotalCents: total,
      discountCents: 0,
      totalCents: total,
    })
    .returning('id');
  return id;
}

async function setVendor(vatVendor: boolean) {
  const general = {
    siteName: 'Mastering Studio',
    siteDescription: '',
    contactEmail: '',
    supportEmail: 'help@studio.example',
    maintenanceMode: false,
    enableAnalytics: true,
    legalName: 'Jozi Masters (Pty) Ltd',
    registrationNumber: '2024/123456/07',
    vatNumber: vatVendor ? '4123456789' : '',
    vatVendor,
    physicalAddress: '12 Juta Street, Johannesburg',
    phone: '+27 11 555 0100',
  };
  await db
    .knex('settings')
    .insert({ key: 'general', value: JSON.stringify(general) })
    .onConflict('key')
    .merge();
}

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

  it('credits a refund with a credit note from its own series, never more than was charged', async () => {
    await setVendor(true);
    const orderId = await paidOrder(1);
    await db.knex.transaction((trx) => issueInvoice(trx, orderId));
    const note = await db.knex.transaction((trx) =>
      issueCreditNote(trx, { orderId, amountCents: 20_000, reason: 'late delivery' }),
    );
    expect(note).toMatchObject({ kind: 'credit_note', number: 'CN-000001', totalCents: 20_000, vatCents: 2609 });
    expect(pdfText(await renderInvoicePdf(note))).toContain('Credit Note');
    await expect(
      db.knex.transaction((trx) => issueCreditNote(trx, { orderId, amountCents: 29_901, reason: 'too much' })),
    ).rejects.toThrow('between 1 and 29900 cents');
    expect(await Invoice.query(db.knex).where({ kind: 'credit_note' }).resultSize()).toBe(1);
  });
});
