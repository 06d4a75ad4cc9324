import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import type { OrderStatus } from '@mastering/contracts';
import { purgeExpiredAudio } from '../../src/retention/job';
import { storefrontOwner, type StorefrontOwner } from '../support';

// Retention for every ending (issue 50 Deliver 6): delivered, refunded, cancelled after payment and
// unpaid (expired or cancelled before payment) orders each lose their audio (uploads and every master)
// after their own period from Settings; an order with a revision open keeps it. The clock is injected:
// each case runs the job a minute before and a minute after its period. Promise: files-kept-days.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let storage: ObjectStorage;
let folder: { remove(): Promise<void> };
const deps = () => ({ knex: db.knex, storage, storefront: owner.writes });

const DAY = 86_400_000;
const MINUTE = 60_000;
/** When each order of these tests ended (its last status change). */
const ENDED = new Date('2026-03-02T09:00:00Z');
const at = (days: number, minutes = 0) => new Date(ENDED.getTime() + days * DAY + minutes * MINUTE);
/** The periods these tests configure, distinct so each ending is seen to read its own. */
const PERIODS = {
  audioRetentionDays: 60,
  refundedRetentionDays: 20,
  cancelledRetentionDays: 10,
  expiredRetentionDays: 3,
};

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  const temp = await tempFolder('retention-endings');
  folder = temp;
  storage = createLocalStorage(temp.dir);
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
  await folder?.remove();
});
beforeEach(async () => {
  await db.knex('orders').delete();
  await db.knex('uploads').delete();
  await db.knex('settings').delete();
  await db.knex('settings').insert({ key: 'security', value: JSON.stringify(PERIODS) });
});

/** One stored upload object attached to `fileId` as its source or a master; answers its `/objects/<id>` path. */
async function storedUpload(fileId: string, role: 'orderFileId' | 'masteredFileId') {
  const id = randomUUID();
  await storage.put(`uploads/${id}`, 'RIFF audio');
  await db.knex('uploads').insert({
    id,
    objectKey: `uploads/${id}`,
    status: 'completed',
    guestKeyHash: 'guest',
    [role]: fileId,
    expiresAt: new Date(),
  });
  return `/objects/${id}`;
}

type Move = [from: OrderStatus | null, to: OrderStatus, when: Date];

/**
 * An order now in `status` (paid or not) whose history is `moves`, with one file whose source upload and
 * (for a paid order) two master versions are in storage. Answers its file's id and storage keys.
 */
async function endedOrder(status: OrderStatus, paid: boolean, moves: Move[]) {
  const [{ id: orderId }] = await db
    .knex('orders')
    .insert({
      customerEmail: `${randomUUID()}@retention.test`,
      status,
      unitPriceCents: 32_400,
      trackCount: 1,
      subtotalCents: 32_400,
      totalCents: 32_400,
      paidAt: paid ? at(-200) : null,
      createdAt: at(-201),
    })
    .returning('id');
  const [{ id: fileId }] = await db
    .knex('orderFiles')
    .insert({ orderId, originalName: 'a.wav', fileName: 'a.wav', fileSize: 10, originalFilePath: 'x' })
    .returning('id');
  const paths = [await storedUpload(fileId, 'orderFileId')];
  if (paid) {
    paths.push(await storedUpload(fileId, 'masteredFileId'), await storedUpload(fileId, 'masteredFileId'));
    await db
      .knex('masterVersions')
      .insert(paths.slice(1).map((p, i) => ({ fileId, version: i + 1, masteredFilePath: p })));
  }
  await db
    .knex('orderFiles')
    .where('id', fileId)
    .update({ originalFilePath: paths[0], masteredFilePath: paths.at(-1) === paths[0] ? null : paths.at(-1) });
  await db
    .knex('orderStatusHistory')
    .insert(moves.map(([fromStatus, toStatus, createdAt]) => ({ orderId, fromStatus, toStatus, createdAt })));
  // The order's own updated_at is its row's insert time (today): the history decides when it ended.
  const keys = paths.map((p) => `uploads/${p.slice('/objects/'.length)}`);
  return { fileId: fileId as string, keys };
}

const present = async (keys: string[]) => Promise.all(keys.map((k) => storage.exists(k)));
const deletedAt = async (fileId: string) => (await db.knex('orderFiles').where('id', fileId).first()).audioDeletedAt;

/** Runs the job a minute before `days` after ENDED (all kept), then a minute after (all gone, the row marked). */
async function keptThenPurged(order: { fileId: string; keys: string[] }, days: number) {
  expect(await purgeExpiredAudio(deps(), at(days, -1))).toBe(0);
  expect(await present(order.keys)).toEqual(order.keys.map(() => true));
  expect(await deletedAt(order.fileId)).toBeNull();

  const now = at(days, 1);
  expect(await purgeExpiredAudio(deps(), now)).toBe(1);
  expect(await present(order.keys)).toEqual(order.keys.map(() => false));
  expect(await deletedAt(order.fileId)).toEqual(now);
  expect(await db.knex('uploads').whereIn('objectKey', order.keys)).toHaveLength(order.keys.length);
}

describe('retention for every ending', () => {
  it('deletes a delivered order’s uploads and masters after the delivered period', async () => {
    const order = await endedOrder('delivered', true, [
      ['in_progress', 'mastered', at(-1)],
      ['mastered', 'delivered', ENDED],
    ]);
    await keptThenPurged(order, PERIODS.audioRetentionDays);
  });

  it('deletes a refunded order’s audio after the refund period, counted from the refund', async () => {
    const order = await endedOrder('refunded', true, [
      ['mastered', 'delivered', at(-100)],
      ['delivered', 'refund_pending', at(-1)],
      ['refund_pending', 'refunded', ENDED],
    ]);
    await keptThenPurged(order, PERIODS.refundedRetentionDays);
  });

  it('deletes the audio of an order cancelled after payment after the cancelled period', async () => {
    const order = await endedOrder('cancelled', true, [
      ['pending_payment', 'payment_confirmed', at(-2)],
      ['in_progress', 'cancelled', ENDED],
    ]);
    await keptThenPurged(order, PERIODS.cancelledRetentionDays);
  });

  it('deletes the uploads of an unpaid order that expired, or was cancelled before payment, after the unpaid period', async () => {
    const expired = await endedOrder('expired', false, [['pending_payment', 'expired', ENDED]]);
    await keptThenPurged(expired, PERIODS.expiredRetentionDays);

    const cancelled = await endedOrder('cancelled', false, [['pending_payment', 'cancelled', ENDED]]);
    await keptThenPurged(cancelled, PERIODS.expiredRetentionDays);
  });

  it('keeps the audio while a revision is open, and restarts the delivered clock at the revision’s delivery', async () => {
    const order = await endedOrder('in_progress', true, [
      ['mastered', 'delivered', at(-300)],
      ['delivered', 'revision_requested', at(-250)],
      ['revision_requested', 'in_progress', at(-249)],
    ]);
    // Long past every period, but the revision is open: nothing goes.
    expect(await purgeExpiredAudio(deps(), at(1000))).toBe(0);
    expect(await present(order.keys)).toEqual([true, true, true]);

    // The revision is delivered at ENDED: the delivered period counts from there.
    await db.knex('orders').update({ status: 'delivered' });
    await db.knex('orderStatusHistory').insert({
      orderId: (await db.knex('orders').first()).id,
      fromStatus: 'mastered',
      toStatus: 'delivered',
      createdAt: ENDED,
    });
    await keptThenPurged(order, PERIODS.audioRetentionDays);
  });

  it('keeps the audio while a refund is pending, and a partial refund back to Delivered does not restart the clock', async () => {
    const pending = await endedOrder('refund_pending', true, [
      ['mastered', 'delivered', at(-300)],
      ['delivered', 'refund_pending', at(-250)],
    ]);
    expect(await purgeExpiredAudio(deps(), at(1000))).toBe(0);
    expect(await present(pending.keys)).toEqual([true, true, true]);

    await db.knex('orders').delete();
    const partly = await endedOrder('delivered', true, [
      ['mastered', 'delivered', ENDED],
      ['delivered', 'refund_pending', at(30)],
      ['refund_pending', 'delivered', at(31)],
    ]);
    await keptThenPurged(partly, PERIODS.audioRetentionDays);
  });
});
