import { personalDataOf } from '@mastering/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage } from '@mastering/storage';
import { ERASED_EMAIL, erasePerson } from '../../src/customers/erasure';
import { ago, inProcessOwners, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// Issue 51 findings 7 and 8: the export shows only what was sent to or about the person (never staff
// mail), and erasure reaches every row the data map lists, matching addresses exactly. Each `it`
// failed on the hand-listed export and erasure that preceded the map.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let folder: { dir: string; remove(): Promise<void> };
const EMAIL = 'ohnsmith@example.com';
const JOHN = 'johnsmith@example.com';
const ADMIN = 'admin@studio.example';
const from = { fromEmail: 'studio@studio.example' };

/** A paid order of `email` with one file, a payment and its webhook naming the payer. */
async function customer(email: string) {
  const orderId = await seedOrder(db.knex, { email, status: 'delivered', totalCents: 32_400, at: ago(3) });
  const file = await db.knex('orderFiles').where({ orderId }).first();
  const [payment] = await db
    .knex('payments')
    .insert({ orderId, provider: 'yoco', checkoutId: `ch_${randomUUID()}`, amountCents: 32_400, status: 'succeeded' })
    .returning('*');
  const [event] = await db
    .knex('paymentEvents')
    .insert({
      eventId: `evt_${randomUUID()}`,
      type: 'payment.succeeded',
      paymentId: payment.id,
      payload: JSON.stringify({ payload: { amount: 32_400, metadata: { customerEmail: email } } }),
    })
    .returning('*');
  return { orderId, file, payment, event };
}

/** A queued mail job to `to` (agenda's row, as `sendMail` leaves it). */
const queueMail = (to: string, data: Record<string, unknown> = {}) =>
  db
    .knex('agendaJobs')
    .insert({
      name: 'email.send',
      type: 'normal',
      priority: 0,
      nextRunAt: new Date(),
      data: JSON.stringify({ to, template: 'revision-requested', data }),
    })
    .returning('id');

let person: Awaited<ReturnType<typeof customer>>;
let john: Awaited<ReturnType<typeof customer>>;
let ids: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  folder = await tempFolder('erasure-map');
  person = await customer(EMAIL);
  john = await customer(JOHN);
  const [user] = await db.knex('users').insert({ email: EMAIL, role: 'customer' }).returning('id');
  // Staff mail about the order: with its id (status notice), and without one (digest naming the person).
  const [staffNotice] = await db
    .knex('emailMessages')
    .insert({ ...from, toEmail: ADMIN, subject: 'New paid order', text: 'A new paid order', orderId: person.orderId })
    .returning('id');
  const [digest] = await db
    .knex('emailMessages')
    .insert({ ...from, toEmail: ADMIN, subject: '1 overdue order(s)', html: `Order abc (${EMAIL}): in_progress` })
    .returning('id');
  const [johnDigest] = await db
    .knex('emailMessages')
    .insert({ ...from, toEmail: ADMIN, subject: '1 overdue order(s)', html: `Order def (${JOHN}): in_progress` })
    .returning('id');
  const [byOrderId] = await db
    .knex('emailMessages')
    .insert({ ...from, toEmail: ADMIN, subject: 'Revision asked', text: `Open ${person.orderId} in the orders` })
    .returning('id');
  const [toPerson] = await db
    .knex('emailMessages')
    .insert({ ...from, toEmail: EMAIL, subject: 'Your master', text: 'Hi', orderId: person.orderId })
    .returning('id');
  await db.knex('orderStatusHistory').insert({
    orderId: person.orderId,
    fromStatus: 'in_progress',
    toStatus: 'in_progress',
    note: 'Track replaced: Ohn Smith - Secret Demo.wav',
  });
  const [refund] = await db
    .knex('refunds')
    .insert({
      orderId: person.orderId,
      paymentId: person.payment.id,
      amountCents: 100,
      reason: 'Ohn said the vocals were off',
      status: 'succeeded',
      returnStatus: 'delivered',
      idempotencyKey: randomUUID(),
    })
    .returning('id');
  // A tus upload of theirs that never became an order file.
  const [upload] = await db
    .knex('uploads')
    .insert({
      id: randomUUID(),
      objectKey: `uploads/${randomUUID()}`,
      status: 'pending',
      protocol: 'tus',
      userId: user.id,
      originalName: 'Ohn Smith - Unreleased.wav',
      clientAddress: '198.51.100.7',
      expiresAt: new Date(),
    })
    .returning('id');
  const [theirJob] = await queueMail(EMAIL);
  const [staffJob] = await queueMail(ADMIN, { customerEmail: EMAIL, note: 'louder please' });
  const [johnJob] = await queueMail(JOHN);
  const [testimonial] = await db
    .knex('testimonials')
    .insert({ name: 'Ohn Smith', role: 'Artist', email: EMAIL, content: 'Loved the master', isActive: true })
    .returning('id');
  const [rating] = await db
    .knex('orderRatings')
    .insert({
      orderId: person.orderId,
      stars: 5,
      comment: 'Loved the master',
      publishConsent: true,
      testimonialId: testimonial.id,
    })
    .returning('id');
  const [request] = await db.knex('deletionRequests').insert({ email: EMAIL }).returning('id');
  // Sign-in counters keyed by the address, alone or with the client's.
  await db.knex('rateLimits').insert([
    { key: `codes_email:${EMAIL}`, points: 1 },
    { key: `failures_email_client:${EMAIL}|2001:db8::1`, points: 1 },
    { key: `codes_email:${JOHN}`, points: 1 },
  ]);
  ids = {
    staffNotice: staffNotice.id,
    digest: digest.id,
    byOrderId: byOrderId.id,
    johnDigest: johnDigest.id,
    toPerson: toPerson.id,
    refund: refund.id,
    upload: upload.id,
    theirJob: theirJob.id,
    staffJob: staffJob.id,
    johnJob: johnJob.id,
    testimonial: testimonial.id,
    rating: rating.id,
    request: request.id,
  };
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
  await folder?.remove();
});

const idsOf = (rows: { id: string }[] | undefined) => (rows ?? []).map((r) => r.id);

describe('the export (finding 7, and ratings and deletion requests of finding 8)', () => {
  it('holds the mail sent to the person and none of the staff mail about them', async () => {
    const data = await personalDataOf(db.knex, EMAIL);
    // Before: every mail with the order's id, so the admin's address and notice were in the download.
    expect(idsOf(data.emailMessages)).toEqual([ids.toPerson]);
    expect(JSON.stringify(data)).not.toContain(ADMIN);
  });

  it('includes their ratings, the testimonial made from one, and their deletion requests', async () => {
    const data = await personalDataOf(db.knex, EMAIL);
    expect(idsOf(data.ratings)).toEqual([ids.rating]);
    expect(idsOf(data.testimonials)).toEqual([ids.testimonial]);
    expect(idsOf(data.deletionRequests)).toEqual([ids.request]);
  });

  it('matches webhooks by the exact address, not a substring of a longer one', async () => {
    const data = await personalDataOf(db.knex, EMAIL);
    // Before: `payload::text ilike '%ohnsmith@example.com%'` also took John's webhook.
    expect(idsOf(data.paymentEvents)).toEqual([person.event.id]);
  });

  it('shows no secret: browser keys are withheld', async () => {
    await db
      .knex('orders')
      .where('id', person.orderId)
      .update({ guestKeyHash: 'k'.repeat(64) });
    const data = await personalDataOf(db.knex, EMAIL);
    expect(data.orders?.[0]).not.toHaveProperty('guestKeyHash');
  });
});

describe('erasure (finding 8)', () => {
  beforeAll(async () => {
    await erasePerson(
      {
        knex: db.knex,
        storage: createLocalStorage(folder.dir),
        owners: inProcessOwners(db.knex),
        storefront: owner.writes,
      },
      EMAIL,
      null,
    );
  });

  it('blanks the notes of the order history (file names, refund reasons)', async () => {
    const history = await db.knex('orderStatusHistory').where('orderId', person.orderId);
    expect(history.map((h) => h.note)).toEqual([null]);
  });

  it('blanks staff mail naming them, with or without their order id, and keeps the staff address', async () => {
    for (const id of [ids.staffNotice, ids.digest, ids.byOrderId]) {
      const mail = await db.knex('emailMessages').where({ id }).first();
      expect(mail).toMatchObject({ toEmail: ADMIN, html: null, text: null, subject: '[deleted]' });
    }
    expect(await db.knex('emailMessages').where('id', ids.toPerson).first()).toMatchObject({ toEmail: ERASED_EMAIL });
    // John's digest names johnsmith@, which holds ohnsmith@ as a substring: untouched.
    expect((await db.knex('emailMessages').where('id', ids.johnDigest).first()).html).toContain(JOHN);
  });

  it('blanks the file name and address of their tus uploads', async () => {
    expect(await db.knex('uploads').where('id', ids.upload).first()).toMatchObject({
      originalName: null,
      clientAddress: null,
    });
  });

  it('blanks the refund reason', async () => {
    expect((await db.knex('refunds').where('id', ids.refund).first()).reason).toBe('[deleted]');
  });

  it('drops queued jobs to or naming them, and no one else’s', async () => {
    const left = (await db.knex('agendaJobs').select('id')).map((j) => j.id);
    expect(left).toEqual([ids.johnJob]);
  });

  it('unpublishes the testimonial made from their rating, without their name or words', async () => {
    const testimonial = await db.knex('testimonials').where('id', ids.testimonial).first();
    expect(testimonial).toMatchObject({ isActive: false, name: '[deleted]', email: null, content: '[deleted]' });
    expect(await db.knex('orderRatings').where('id', ids.rating).first()).toMatchObject({ stars: 5, comment: '' });
  });

  it('leaves the webhook of an address that merely contains theirs', async () => {
    const event = await db.knex('paymentEvents').where('id', john.event.id).first();
    expect(event.payload).toEqual({ payload: { amount: 32_400, metadata: { customerEmail: JOHN } } });
    const theirs = await db.knex('paymentEvents').where('id', person.event.id).first();
    expect(theirs.payload).toEqual({ payload: { amount: 32_400, metadata: {} } });
  });

  it('leaves no summary row under their address (the triggers move it with the orders)', async () => {
    expect(await db.knex('customerSummaries').whereRaw('lower(email) = ?', [EMAIL])).toEqual([]);
  });

  it('drops the sign-in counters kept for their address, not for one containing it', async () => {
    expect((await db.knex('rateLimits').select('key')).map((r) => r.key)).toEqual([`codes_email:${JOHN}`]);
  });

  it('closes the deletion request, tied to nobody', async () => {
    const request = await db.knex('deletionRequests').where('id', ids.request).first();
    expect(request.email).toBe(ERASED_EMAIL);
    expect(request.completedAt).toBeInstanceOf(Date);
  });
});
