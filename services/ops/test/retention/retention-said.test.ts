import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Delivery } from '@mastering/contracts';
import { createDownloadLinks, deliveryUrl } from '@mastering/service-kit';
import { purgeExpiredAudio } from '../../src/retention/job';
import { ago, opsPerFile, SECRET, seedOrder } from '../support';

// Retention said where it matters (issue 26 Deliver 5): the download page's data carries the retention
// days, and once the retention job purged an order's audio it says so per file instead of a dead link.
const ctx = opsPerFile();

describe('the download page and retention', () => {
  it('tells the page the retention days, and which files the retention job deleted', async () => {
    await ctx.db.knex('settings').insert({ key: 'security', value: JSON.stringify({ audioRetentionDays: 30 }) });
    const orderId = await seedOrder(ctx.db.knex, {
      email: 'kept@files.test',
      status: 'delivered',
      totalCents: 32_400,
      at: ago(40),
    });
    const file = await ctx.db.knex('orderFiles').where({ orderId }).first();
    // The master as the engineer's upload stores it.
    const uploadId = randomUUID();
    await ctx.storage.put(`uploads/${uploadId}`, 'RIFF master');
    await ctx.db.knex('uploads').insert({
      id: uploadId,
      objectKey: `uploads/${uploadId}`,
      status: 'completed',
      guestKeyHash: 'engineer',
      masteredFileId: file.id,
      expiresAt: new Date(),
    });
    await ctx.db
      .knex('orderFiles')
      .where('id', file.id)
      .update({ masteredFilePath: `/objects/${uploadId}` });
    await ctx.db
      .knex('orderStatusHistory')
      .insert({ orderId, fromStatus: 'mastered', toStatus: 'delivered', createdAt: ago(31) });
    const token = deliveryUrl(createDownloadLinks(SECRET), ctx.publicUrl, orderId, new Date(Date.now() + 86_400_000))
      .split('/')
      .at(-1)!;
    const read = async () => {
      const res = await fetch(`${ctx.base}/api/downloads/order/${token}`);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(200);
      return Delivery.parse(body);
    };

    const before = await read();
    expect(before.retentionDays).toBe(30);
    expect(before.files.map((f) => f.audioDeleted)).toEqual([false]);

    expect(await purgeExpiredAudio({ knex: ctx.db.knex, storage: ctx.storage, storefront: ctx.storefront })).toBe(1);
    const after = await read();
    expect(after.files.map((f) => f.audioDeleted)).toEqual([true]);
    expect(after.retentionDays).toBe(30);
  });
});
