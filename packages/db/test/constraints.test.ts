import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, FILE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

const order = (overrides: Record<string, unknown> = {}) => ({
  customerEmail: 'artist@example.co.za',
  unitPriceCents: 49_900,
  trackCount: 2,
  discountPercent: 35,
  subtotalCents: 99_800,
  discountCents: 34_900,
  totalCents: 64_900,
  ...overrides,
});

async function insertOrder(overrides: Record<string, unknown> = {}): Promise<string> {
  const [row] = await db.knex('orders').insert(order(overrides)).returning('id');
  return row.id;
}

describe('status columns accept exactly the contracts values', () => {
  it('orders', async () => {
    for (const status of ORDER_STATUSES) await insertOrder({ status });
    await expect(insertOrder({ status: 'shipped' })).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('order files', async () => {
    const orderId = await insertOrder();
    const file = (processingStatus: string) => ({
      orderId,
      originalName: 'My Song.wav',
      fileName: 'My_Song.wav',
      fileSize: 1234,
      originalFilePath: '/objects/uploads/x',
      processingStatus,
    });
    for (const status of FILE_STATUSES) await db.knex('order_files').insert(file(status));
    await expect(db.knex('order_files').insert(file('done'))).rejects.toMatchObject({ code: CHECK_VIOLATION });
    await expect(db.knex('order_files').insert({ ...file('uploaded'), masteringStyle: 'Loud' })).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
  });

  it('payments', async () => {
    const orderId = await insertOrder();
    for (const [i, status] of PAYMENT_STATUSES.entries()) {
      await db.knex('payments').insert({ orderId, checkoutId: `ch_${i}`, amountCents: 64_900, status });
    }
    await expect(
      db.knex('payments').insert({ orderId, checkoutId: 'ch_bad', amountCents: 1, status: 'paid' }),
    ).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('campaigns and email messages', async () => {
    for (const status of CAMPAIGN_STATUSES)
      await db.knex('campaigns').insert({ subject: 'News', content: 'Hi', status });
    await expect(
      db.knex('campaigns').insert({ subject: 'News', content: 'Hi', status: 'paused' }),
    ).rejects.toMatchObject({ code: CHECK_VIOLATION });
    await expect(
      db.knex('email_messages').insert({ toEmail: 'a@b.co', fromEmail: 'c@d.co', subject: 's', status: 'lost' }),
    ).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('user roles', async () => {
    await expect(db.knex('users').insert({ email: 'x@example.com', role: 'superuser' })).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
  });
});

describe('other rules', () => {
  it('ratings are 1 to 5 stars', async () => {
    const testimonial = (rating: number) => ({ name: 'Naledi', role: 'Singer', content: 'Great', rating });
    await db.knex('testimonials').insert([testimonial(1), testimonial(5)]);
    await expect(db.knex('testimonials').insert(testimonial(0))).rejects.toMatchObject({ code: CHECK_VIOLATION });
    await expect(db.knex('testimonials').insert(testimonial(6))).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('display order is never negative', async () => {
    const track = {
      title: 'T',
      artist: 'A',
      genre: 'Jazz',
      beforeDescription: 'b',
      afterDescription: 'a',
      displayOrder: -1,
    };
    await expect(db.knex('showcase_tracks').insert(track)).rejects.toMatchObject({ code: CHECK_VIOLATION });
    await expect(
      db.knex('showcase_tracks').insert({ ...track, displayOrder: 0, genre: 'Polka' }),
    ).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('campaign subjects are 1 to 100 characters', async () => {
    await db.knex('campaigns').insert({ subject: 'x'.repeat(100), content: 'c' });
    await expect(db.knex('campaigns').insert({ subject: 'x'.repeat(101), content: 'c' })).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
    await expect(db.knex('campaigns').insert({ subject: '', content: 'c' })).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
  });

  it('an order total is its subtotal minus its discount', async () => {
    await expect(insertOrder({ totalCents: 1 })).rejects.toMatchObject({ code: CHECK_VIOLATION });
  });

  it('email addresses are unique ignoring case', async () => {
    await db.knex('users').insert({ email: 'Thandi@Example.com' });
    await expect(db.knex('users').insert({ email: 'thandi@example.COM' })).rejects.toMatchObject({
      code: UNIQUE_VIOLATION,
    });

    const [campaign] = await db.knex('campaigns').insert({ subject: 'S', content: 'C' }).returning('id');
    await db.knex('campaign_recipients').insert({ campaignId: campaign.id, email: 'fan@example.com' });
    await expect(
      db.knex('campaign_recipients').insert({ campaignId: campaign.id, email: 'FAN@example.com' }),
    ).rejects.toMatchObject({ code: UNIQUE_VIOLATION });

    await expect(db.knex('unsubscribes').insert({ email: 'Mixed@Case.com' })).rejects.toMatchObject({
      code: CHECK_VIOLATION,
    });
  });

  it('a webhook event is recorded once', async () => {
    await db.knex('payment_events').insert({ eventId: 'evt_1', type: 'payment.succeeded', payload: { id: 'evt_1' } });
    await expect(
      db.knex('payment_events').insert({ eventId: 'evt_1', type: 'payment.succeeded', payload: {} }),
    ).rejects.toMatchObject({ code: UNIQUE_VIOLATION });
  });

  it('updated_at moves on every update, whoever writes', async () => {
    const id = await insertOrder();
    const before = await db.knex('orders').where({ id }).first('updatedAt');
    // now() is the transaction's start time, so the update runs in a later transaction.
    await db.knex('orders').where({ id }).update({ status: 'in_progress' });
    const after = await db.knex('orders').where({ id }).first('updatedAt');
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });
});
