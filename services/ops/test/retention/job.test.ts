// Keeps promise "files-kept-days" (packages/contracts/src/promises.ts).
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@mastering/contracts';
import { purgeExpiredAudio } from '../../src/retention/job';
import { retentionPerFile, storedUpload } from './retention-support';
import { ago, seedOrder } from '../support';

// Retention (issue 26 Deliver 5): the audio of orders delivered more than N days ago is deleted, the
// rest of the order stays, and a second run changes nothing.
const ctx = retentionPerFile('retention-test');

/**
 * An order in `status` whose one file has a source and two master versions in storage, delivered
 * `deliveredDaysAgo` days ago (a history row). Answers the order, its file and the file's storage keys.
 */
async function audioOrder(email: string, status: OrderStatus, deliveredDaysAgo: number | null) {
  const orderId = await seedOrder(ctx.db.knex, { email, status, totalCents: 32_400, at: ago(200) });
  const file = await ctx.db.knex('orderFiles').where({ orderId }).first();
  const original = await storedUpload(ctx, file.id, 'orderFileId');
  const v1 = await storedUpload(ctx, file.id, 'masteredFileId');
  const v2 = await storedUpload(ctx, file.id, 'masteredFileId');
  await ctx.db.knex('orderFiles').where('id', file.id).update({ originalFilePath: original, masteredFilePath: v2 });
  await ctx.db.knex('masterVersions').insert([
    { fileId: file.id, version: 1, masteredFilePath: v1 },
    { fileId: file.id, version: 2, masteredFilePath: v2 },
  ]);
  if (deliveredDaysAgo !== null)
    await ctx.db
      .knex('orderStatusHistory')
      .insert({ orderId, fromStatus: 'mastered', toStatus: 'delivered', createdAt: ago(deliveredDaysAgo) });
  const keys = [original, v1, v2].map((p) => `uploads/${p.slice('/objects/'.length)}`);
  return { orderId, fileId: file.id as string, keys };
}

const present = async (keys: string[]) => Promise.all(keys.map((k) => ctx.storage.exists(k)));

describe('audio retention', () => {
  it('deletes the audio of orders delivered more than N days ago, and only theirs', async () => {
    const old = await audioOrder('old@example.com', 'delivered', 91);
    const recent = await audioOrder('recent@example.com', 'delivered', 89);
    const open = await audioOrder('open@example.com', 'in_progress', null);
    // Delivered long ago, then redelivered after a revision yesterday: the clock restarts.
    const redelivered = await audioOrder('again@example.com', 'delivered', 120);
    await ctx.db.knex('orderStatusHistory').insert({
      orderId: redelivered.orderId,
      fromStatus: 'revision_requested',
      toStatus: 'delivered',
      createdAt: ago(1),
    });

    expect(await purgeExpiredAudio(ctx.deps())).toBe(1);

    expect(await present(old.keys)).toEqual([false, false, false]);
    for (const kept of [recent, open, redelivered]) expect(await present(kept.keys)).toEqual([true, true, true]);
    const purged = await ctx.db.knex('orderFiles').where('id', old.fileId).first();
    expect(purged.audioDeletedAt).toBeInstanceOf(Date);
    expect(await ctx.db.knex('orderFiles').whereNotNull('audioDeletedAt').count('* as n').first()).toEqual({ n: '1' });
    // The order, its file row and its history stay.
    expect(await ctx.db.knex('orders').where('id', old.orderId).first()).toMatchObject({ status: 'delivered' });
    expect(await ctx.db.knex('orderStatusHistory').where('orderId', old.orderId)).toHaveLength(1);
  });

  it('is harmless when run twice', async () => {
    const old = await audioOrder('old@example.com', 'delivered', 100);
    expect(await purgeExpiredAudio(ctx.deps())).toBe(1);
    const first = (await ctx.db.knex('orderFiles').where('id', old.fileId).first()).audioDeletedAt;
    expect(await purgeExpiredAudio(ctx.deps())).toBe(0);
    expect((await ctx.db.knex('orderFiles').where('id', old.fileId).first()).audioDeletedAt).toEqual(first);
  });

  it('follows the retention days in Settings -> Security', async () => {
    const order = await audioOrder('old@example.com', 'delivered', 10);
    expect(await purgeExpiredAudio(ctx.deps())).toBe(0);
    await ctx.db.knex('settings').insert({ key: 'security', value: JSON.stringify({ audioRetentionDays: 7 }) });
    expect(await purgeExpiredAudio(ctx.deps())).toBe(1);
    expect(await present(order.keys)).toEqual([false, false, false]);
  });
});
