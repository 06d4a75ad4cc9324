import { personalDataOf } from '@mastering/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { ERASED_EMAIL, erasePerson } from '../../src/customers/erasure';
import { ago, inProcessOwners, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// POPIA rights (issue 26 Deliver 5): the export holds every row about the person; deletion leaves no
// personal field and no file, and keeps the invoices with the recipient anonymised.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let storage: ObjectStorage;
let folder: { remove(): Promise<void> };
const EMAIL = 'Thandi@Example.com';

/** The person's footprint in every table that names them, plus a stranger's order that must stay untouched. */
async function seedPerson() {
  const [user] = await db.knex('users').insert({ email: EMAIL.toLowerCase(), role: 'customer' }).returning('*');
  const orderId = await seedOrder(db.knex, {
    email: EMAIL,
    status: 'delivered',
    totalCents: 32_400,
    at: ago(3),
    userId: user.id,
  });
  await db
    .knex('orders')
    .where('id', orderId)
    .update({ termsClientAddress: '203.0.113.9', notes: 'my album', marketingConsent: true });
  const file = await db.knex('orderFiles').where({ orderId }).first();
  const uploadId = randomUUID();
  await storage.put(`uploads/${uploadId}`, 'RIFF');
  await db.knex('uploads').insert({
    id: uploadId,
    objectKey: `uploads/${uploadId}`,
    status: 'completed',
    userId: user.id,
    orderFileId: file.id,
    originalName: 'My Song.wav',
    clientAddress: '203.0.113.9',
    expiresAt: new Date(),
  });
  await db
    .knex('orderFiles')
    .where('id', file.id)
    .update({ originalFilePath: `/objects/${uploadId}`, originalName: 'My Song.wav' });
  const [payment] = await db
    .knex('payments')
    .insert({
      orderId,
      provider: 'yoco',
      checkoutId: `ch_${uploadId}`,
      amountCents: 32_400,
      status: 'succeeded',
      paymentMethod: 'card',
    })
    .returning('*');
  const [invoice] = await db
    .knex('invoices')
    .insert({
      kind: 'abridged_tax_invoice',
      number: `INV-${uploadId.slice(0, 6)}`,
      orderId,
      seller: JSON.stringify({}),
      customerEmail: EMAIL,
      lines: JSON.stringify([
        { description: 'Mastering, 1 track', quantity: 1, unitCents: 49_900, totalCents: 49_900 },
        { description: 'Launch discount (35%)', quantity: 1, unitCents: -17_500, totalCents: -17_500 },
        { description: 'Stem mix of My Song for Thandi', quantity: 1, unitCents: 0, totalCents: 0 },
      ]),
      totalCents: 32_400,
      vatCents: 0,
    })
    .returning('*');
  const [creditNote] = await db
    .knex('invoices')
    .insert({
      kind: 'credit_note',
      number: `CN-${uploadId.slice(0, 6)}`,
      orderId,
      creditFor: invoice.id,
      seller: JSON.stringify({}),
      customerEmail: EMAIL,
      lines: JSON.stringify([
        { description: 'Refund: Thandi changed her mind', quantity: 1, unitCents: 10_000, totalCents: 10_000 },
      ]),
      totalCents: 10_000,
      vatCents: 0,
      reason: 'Thandi changed her mind',
    })
    .returning('*');
  // A webhook as a payment provider may send it, with the payer's details beside the ids and amounts.
  const [event] = await db
    .knex('paymentEvents')
    .insert({
      eventId: `evt_${uploadId}`,
      type: 'payment.succeeded',
      paymentId: payment.id,
      payload: JSON.stringify({
        id: `evt_${uploadId}`,
        type: 'payment.succeeded',
        payload: {
          id: 'p_1',
          amount: 32_400,
          currency: 'ZAR',
          status: 'succeeded',
          metadata: { checkoutId: payment.checkoutId, orderId, customerEmail: EMAIL },
          customer: { name: 'Thandi Nkosi', phone: '+27 82 555 0101' },
          billingAddress: { line1: '12 Long Street', city: 'Cape Town' },
          cardHolder: 'T NKOSI',
          note: `Paid by ${EMAIL}`,
        },
      }),
    })
    .returning('*');
  await db.knex('orderStatusHistory').insert({ orderId, fromStatus: 'mastered', toStatus: 'delivered' });
  const [message] = await db
    .knex('customerMessages')
    .insert({ customerEmail: EMAIL, messageType: 'support', subject: 'Hello Thandi' })
    .returning('*');
  const [mail] = await db
    .knex('emailMessages')
    .insert({
      toEmail: EMAIL,
      fromEmail: 'studio@example.com',
      subject: 'Your master, Thandi',
      text: 'Hi Thandi',
      orderId,
    })
    .returning('*');
  await db.knex('unsubscribes').insert({ email: EMAIL.toLowerCase() });
  await db.knex('marketing_consents').insert({ email: EMAIL.toLowerCase(), confirmedAt: new Date() });
  const stranger = await seedOrder(db.knex, {
    email: 'other@example.com',
    status: 'delivered',
    totalCents: 32_400,
    at: ago(3),
  });
  return { user, orderId, file, uploadId, payment, invoice, creditNote, event, message, mail, stranger };
}

let seeded: Awaited<ReturnType<typeof seedPerson>>;
beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  const temp = await tempFolder('erasure-test');
  folder = temp;
  storage = createLocalStorage(temp.dir);
  seeded = await seedPerson();
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
  await folder?.remove();
});

describe('POPIA rights', () => {
  it('exports every row about the person, whatever the case of their address', async () => {
    const data = await personalDataOf(db.knex, 'thandi@example.COM');
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(data.users)).toEqual([seeded.user.id]);
    expect(ids(data.orders)).toEqual([seeded.orderId]);
    expect(ids(data.files)).toEqual([seeded.file.id]);
    expect(ids(data.payments)).toEqual([seeded.payment.id]);
    expect(ids(data.invoices).sort()).toEqual([seeded.invoice.id, seeded.creditNote.id].sort());
    expect(ids(data.paymentEvents)).toEqual([seeded.event.id]);
    expect(ids(data.messages)).toEqual([seeded.message.id]);
    expect(ids(data.emailMessages)).toEqual([seeded.mail.id]);
    expect(data.statusHistory).toHaveLength(1);
    expect(data.unsubscribes).toHaveLength(1);
    expect(data.marketingConsents).toHaveLength(1);
    expect(data.consents).toEqual([expect.objectContaining({ orderId: seeded.orderId, marketingConsent: true })]);
    // Serialisable as the download is.
    expect(JSON.parse(JSON.stringify(data)).orders[0].id).toBe(seeded.orderId);
  });

  it('deletion leaves no personal field and no file, and keeps the invoice anonymised', async () => {
    await db.knex('deletionRequests').insert({ email: EMAIL });
    await erasePerson(
      { knex: db.knex, storage, owners: inProcessOwners(db.knex), storefront: owner.writes },
      EMAIL,
      null,
    );

    expect(await storage.exists(`uploads/${seeded.uploadId}`)).toBe(false);
    const dump = JSON.stringify(
      await Promise.all(
        [
          'users',
          'orders',
          'orderFiles',
          'uploads',
          'invoices',
          'paymentEvents',
          'customerMessages',
          'emailMessages',
          'unsubscribes',
          'marketingConsents',
          'deletionRequests',
          'loginCodes',
        ].map((table) => db.knex(table).select()),
      ),
    ).toLowerCase();
    for (const trace of ['thandi', 'nkosi', 'my song', '203.0.113.9', 'my album', '555 0101', 'long street'])
      expect(dump).not.toContain(trace);
    expect(await personalDataOf(db.knex, EMAIL)).toMatchObject({
      users: [],
      orders: [],
      invoices: [],
      emailMessages: [],
    });

    const invoice = await db.knex('invoices').where('id', seeded.invoice.id).first();
    expect(invoice).toMatchObject({ number: seeded.invoice.number, customerEmail: ERASED_EMAIL, totalCents: '32400' });
    // Amounts, numbers and dates stay for the taxman; the studio's own line texts stay, the rest is neutral.
    expect(invoice.lines).toEqual([
      { description: 'Mastering, 1 track', quantity: 1, unitCents: 49_900, totalCents: 49_900 },
      { description: 'Launch discount (35%)', quantity: 1, unitCents: -17_500, totalCents: -17_500 },
      { description: 'Audio mastering service', quantity: 1, unitCents: 0, totalCents: 0 },
    ]);
    expect(invoice.issuedAt).toEqual(seeded.invoice.issuedAt);
    const note = await db.knex('invoices').where('id', seeded.creditNote.id).first();
    expect(note).toMatchObject({ number: seeded.creditNote.number, totalCents: '10000' });
    expect(note.lines).toEqual([{ description: 'Refund', quantity: 1, unitCents: 10_000, totalCents: 10_000 }]);
    // The webhook keeps its ids, amount and status, and loses the payer's details.
    const event = await db.knex('paymentEvents').where('id', seeded.event.id).first();
    expect(event.payload).toEqual({
      id: seeded.event.eventId,
      type: 'payment.succeeded',
      payload: {
        id: 'p_1',
        amount: 32_400,
        currency: 'ZAR',
        status: 'succeeded',
        metadata: { checkoutId: seeded.payment.checkoutId, orderId: seeded.orderId },
      },
    });
    expect(await db.knex('orders').where('id', seeded.orderId).first()).toMatchObject({ customerEmail: ERASED_EMAIL });
    expect((await db.knex('orderFiles').where('id', seeded.file.id).first()).audioDeletedAt).toBeInstanceOf(Date);
    expect(await db.knex('deletionRequests').whereNull('completedAt')).toHaveLength(0);
    // Someone else's order is untouched.
    expect(await db.knex('orders').where('id', seeded.stranger).first()).toMatchObject({
      customerEmail: 'other@example.com',
    });
  });
});
