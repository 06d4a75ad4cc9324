// What the invoice and credit-note tests share: a database for the file, a paid order, the seller's VAT status.
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';

/** A fresh database for one test file (its `knex` is there once the file's tests run). */
export function documentsDatabase(): { readonly knex: Knex } {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return {
    get knex() {
      if (!db) throw new Error('the test database opens in beforeAll');
      return db.knex;
    },
  };
}

/** A paid order of `tracks` tracks at R499 (no discount), answering its id. */
export async function paidOrderIn(knex: Knex, tracks = 1, email = 'buyer@example.co.za'): Promise<string> {
  const total = 49_900 * tracks;
  const [{ id }] = await knex('orders')
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

/** Settings → General of a studio that is (or is not) a VAT vendor. */
export async function setVendorIn(knex: Knex, vatVendor: boolean): Promise<void> {
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
  await knex('settings')
    .insert({ key: 'general', value: JSON.stringify(general) })
    .onConflict('key')
    .merge();
}
