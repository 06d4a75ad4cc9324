import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computePricing, pricingForApi } from '@mastering/contracts';
import { createStorage } from '@mastering/storage';
import { expireUnpaidOrders, sweepAbandonedUploads, UNPAID_EXPIRY_STATUS } from '../../src/uploads/sweeper';
import { createTusStore } from '../../src/uploads/tus-store';
import { storefrontPerFile, uploadWhole, wav } from '../support';

// Unpaid orders expire (issue 23; their files are then the retention job's, issue 50), and the sweeps
// keep up with a backlog.

const ctx = storefrontPerFile();
const DAY = 86_400_000;
const idOf = (uploadURL: string) => uploadURL.split('/').at(-1)!;
const storedFile = (uploadURL: string) => path.join(ctx.site.storageDir, 'uploads', idOf(uploadURL));
const sweepDeps = () => {
  const config = { driver: 'local', root: ctx.site.storageDir } as const;
  const storage = createStorage(config);
  return { knex: ctx.db.knex, storage, tus: createTusStore(config, storage, ctx.site.storageDir) };
};

/** A guest's order of one uploaded track, placed `daysAgo` days ago with `status`. */
async function orderOf(status: string, daysAgo: number) {
  const upload = await uploadWhole(ctx.site, wav(300));
  const res = await fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: upload.cookie },
    body: JSON.stringify({
      customerEmail: 'lwazi@example.com',
      files: [{ originalName: 'a.wav', fileName: 'a.wav', fileSize: 300, originalFilePath: upload.objectPath }],
      pricing: pricingForApi(computePricing(1)),
      termsAccepted: true,
    }),
  });
  expect(res.status).toBe(201);
  const { order } = await res.json();
  await ctx.db
    .knex('orders')
    .where('id', order.id)
    .update({ status, created_at: new Date(Date.now() - daysAgo * DAY) });
  return { id: order.id as string, uploadURL: upload.uploadURL };
}

describe('unpaid orders expire', () => {
  it('expires orders unpaid for 48 hours with a note, leaving their files to retention; keeps newer and paid ones', async () => {
    const stale = await orderOf('pending_payment', 3);
    const fresh = await orderOf('pending_payment', 1);
    const paid = await orderOf('payment_confirmed', 30);

    expect(await expireUnpaidOrders(sweepDeps(), 48)).toBe(1);
    expect(await ctx.db.knex('orders').where('id', stale.id).first()).toMatchObject({ status: UNPAID_EXPIRY_STATUS });
    const [history] = await ctx.db.knex('order_status_history').where('order_id', stale.id);
    expect(history).toMatchObject({ fromStatus: 'pending_payment', toStatus: UNPAID_EXPIRY_STATUS, changedBy: null });
    expect(history.note).toContain('48 hours');
    expect(await ctx.db.knex('order_files').where('order_id', stale.id)).toHaveLength(1);

    // The files stay until the retention job's unpaid-order period has passed (ops' retention tests).
    for (const kept of [stale, fresh, paid]) {
      expect(await ctx.db.knex('uploads').where('id', idOf(kept.uploadURL)).first()).toBeDefined();
      expect(existsSync(storedFile(kept.uploadURL))).toBe(true);
    }
    expect((await ctx.db.knex('orders').where('id', fresh.id).first()).status).toBe('pending_payment');
    // Nothing left to expire: a second run changes nothing.
    expect(await expireUnpaidOrders(sweepDeps(), 48)).toBe(0);
  });
});

describe('the sweeps keep up', () => {
  it('removes a backlog in batches until none is left, bounded per run', async () => {
    const uploads = await Promise.all(Array.from({ length: 7 }, () => uploadWhole(ctx.site, wav(100))));
    await ctx.db
      .knex('uploads')
      .whereIn(
        'id',
        uploads.map((u) => idOf(u.uploadURL)),
      )
      .update({ created_at: new Date(Date.now() - 2 * DAY) });

    // Two batches of three is this run's bound: six go, the seventh waits for the next run.
    expect(await sweepAbandonedUploads(sweepDeps(), 24, { batchSize: 3, maxBatches: 2 })).toBe(6);
    expect(await sweepAbandonedUploads(sweepDeps(), 24, { batchSize: 3, maxBatches: 2 })).toBe(1);
    for (const u of uploads) expect(existsSync(storedFile(u.uploadURL))).toBe(false);
    expect(
      await ctx.db.knex('uploads').whereIn(
        'id',
        uploads.map((u) => idOf(u.uploadURL)),
      ),
    ).toHaveLength(0);
  });
});
