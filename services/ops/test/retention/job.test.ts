// Keeps promise "files-kept-days" (packages/contracts/src/promises.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import type { OrderStatus } from '@mastering/contracts';
import { purgeExpiredAudio } from '../../src/retention/job';
import { ago, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// Retention (issue 26 Deliver 5): the audio of orders delivered more than N days ago is deleted, the
// rest of the order stays, and a second run changes nothing.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let storage: ObjectStorage;
let folder: { remove(): Promise<void> };
const deps = () => ({ knex: db.knex, storage, storefront: owner.writes });

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  const temp = await tempFolder('retention-test');
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

/**
 * An order in `status` whose one file has a source and two master versions in storage, delivered
 * `deliveredDaysAgo` days ago (a history row). Answers the order, its file and the file's storage keys.
 */
async function audioOrder(email: string, status: OrderStatus, deliveredDaysAgo: number | null) {
  const orderId = await seedOrder(db.knex, { email, status, totalCents: 32_400, at: ago(200) });
  const file = await db.knex('orderFiles').where({ orderId }).first();
  const original = await storedUpload(file.id, 'orderFileId');
  const v1 = await storedUpload(file.id, 'masteredFileId');
  const v2 = await storedUpload(file.id, 'masteredFileId');
  await db.knex('orderFiles').where('id', file.id).update({ originalFilePath: original, masteredFilePath: v2 });
  await db.knex('masterVersions').insert([
    { fileId: file.id, version: 1, masteredFilePath: v1 },
    { fileId: file.id, version: 2, masteredFilePath: v2 },
  ]);
  if (deliveredDaysAgo !== null)
    await db
      .knex('orderStatusHistory')
      .insert({ orderId, fromStatus: 'mastered', toStatus: 'delivered', createdAt: ago(deliveredDaysAgo) });
  const keys = [original, v1, v2].map((p) => `uploads/${p.slice('/objects/'.length)}`);
  return { orderId, fileId: file.id as string, keys };
}

const present = async (keys: string[]) => Promise.all(keys.map((k) => storage.exists(k)));

describe('audio retention', () => {
  it('deletes the audio of orders delivered more than N days ago, and only theirs', async () => {
    const old = await audioOrder('old@example.com', 'delivered', 91);
    const recent = await audioOrder('recent@example.com', 'delivered', 89);
    const open = await audioOrder('open@example.com', 'in_progress', null);
    // Delivered long ago, then redelivered after a revision yesterday: the clock restarts.
    const redelivered = await audioOrder('again@example.com', 'delivered', 120);
    await db.knex('orderStatusHistory').insert({
      orderId: redelivered.orderId,
      fromStatus: 'revision_requested',
      toStatus: 'delivered',
      createdAt: ago(1),
    });

    expect(await purgeExpiredAudio(deps())).toBe(1);

    expect(await present(old.keys)).toEqual([false, false, false]);
    for (const kept of [recent, open, redelivered]) expect(await present(kept.keys)).toEqual([true, true, true]);
    const purged = await db.knex('orderFiles').where('id', old.fileId).first();
    expect(purged.audioDeletedAt).toBeInstanceOf(Date);
    expect(await db.knex('orderFiles').whereNotNull('audioDeletedAt').count('* as n').first()).toEqual({ n: '1' });
    // The order, its file row and its history stay.
    expect(await db.knex('orders').where('id', old.orderId).first()).toMatchObject({ status: 'delivered' });
    expect(await db.knex('orderStatusHistory').where('orderId', old.orderId)).toHaveLength(1);
  });

  it('is harmless when run twice', async () => {
    const old = await audioOrder('old@example.com', 'delivered', 100);
    expect(await purgeExpiredAudio(deps())).toBe(1);
    const first = (await db.knex('orderFiles').where('id', old.fileId).first()).audioDeletedAt;
    expect(await purgeExpiredAudio(deps())).toBe(0);
    expect((await db.knex('orderFiles').where('id', old.fileId).first()).audioDeletedAt).toEqual(first);
  });

  it('follows the retention days in Settings -> Security', async () => {
    const order = await audioOrder('old@example.com', 'delivered', 10);
    expect(await purgeExpiredAudio(deps())).toBe(0);
    await db.knex('settings').insert({ key: 'security', value: JSON.stringify({ audioRetentionDays: 7 }) });
    expect(await purgeExpiredAudio(deps())).toBe(1);
    expect(await present(order.keys)).toEqual([false, false, false]);
  });
});
