import type { Knex } from 'knex';
import { DiskReservation, Order, Upload } from '@mastering/db';
import { changeOrderStatus, SYSTEM } from '@mastering/orders';
import type { ObjectStorage } from '@mastering/storage';
import type { TusStore } from './tus-store';

/** What sweeping needs: the database, the object storage and tus's records. */
export type SweepDeps = { knex: Knex; storage: ObjectStorage; tus: TusStore };

/** How much one sweep run does: rows per batch, and batches before it yields to the next run. */
export type SweepBounds = { batchSize: number; maxBatches: number };
export const SWEEP_BOUNDS: SweepBounds = { batchSize: 500, maxBatches: 40 };

/**
 * The status an unpaid order expires into: final, the order and its history kept. Its uploads stop
 * counting against the upload limits at once (they count only while an order is pending payment) and
 * are deleted by the retention job after the unpaid-order period in Settings (ops' retention/job.ts).
 */
export const UNPAID_EXPIRY_STATUS = 'expired' as const;
const expiryNote = (hours: number) => `Not paid within ${hours} hours: expired.`;

// Files are removed a few at a time: each is a disk or S3 call, and a batch of 500 one after the other
// would make a backlog of abandoned uploads take hours.
const REMOVE_CONCURRENCY = 8;

/** Removes the stored object (or partial tus upload) and tus's record of each upload (their rows are gone already). */
export async function removeObjects(
  deps: Pick<SweepDeps, 'storage' | 'tus'>,
  objectKeys: readonly string[],
): Promise<void> {
  for (let i = 0; i < objectKeys.length; i += REMOVE_CONCURRENCY) {
    await Promise.all(
      objectKeys.slice(i, i + REMOVE_CONCURRENCY).map(async (key) => {
        await deps.tus.forget(key);
        await deps.storage.delete(key);
      }),
    );
  }
}

/** Runs `batch` until it finds less than a full batch or the run's bound is reached; answers the total it handled. */
async function inBatches(
  bounds: SweepBounds,
  batch: (limit: number) => Promise<{ found: number; done: number }>,
): Promise<number> {
  let total = 0;
  for (let n = 0; n < bounds.maxBatches; n++) {
    const { found, done } = await batch(bounds.batchSize);
    total += done;
    if (found < bounds.batchSize) break;
  }
  return total;
}

/**
 * Removes uploads never attached to an order that began more than `olderThanHours` ago: the row (and
 * with it its disk hold), then the stored object, partial tus upload or direct upload's parts and tus's record. Works in
 * batches until none are left or the run's bound is reached (the next run continues). Disk holds of
 * upload URLs expired meanwhile (they count no more) are deleted first. Answers how many were removed.
 */
export async function sweepAbandonedUploads(
  deps: SweepDeps,
  olderThanHours: number,
  bounds: SweepBounds = SWEEP_BOUNDS,
): Promise<number> {
  await DiskReservation.releaseExpired(deps.knex, new Date());
  const before = new Date(Date.now() - olderThanHours * 3_600_000);
  return inBatches(bounds, async (limit) => {
    const stale = await Upload.query(deps.knex).modify('abandonedBefore', before).select('id').limit(limit);
    // The rows go first, and only while still unattached: an order that claimed an upload meanwhile
    // keeps its file. A crash before the files are gone leaves only orphan bytes, never a broken order.
    const removed = await Upload.query(deps.knex)
      .delete()
      .whereIn(
        'id',
        stale.map((u) => u.id),
      )
      .whereNull('orderFileId')
      .whereNull('masteredFileId')
      .returning(['objectKey', 'multipartId']);
    const rows = removed as unknown as Upload[];
    // A direct upload left under way: its parts sit in the bucket until aborted (or the bucket's lifecycle rule).
    for (const { objectKey, multipartId } of rows)
      if (multipartId) await deps.storage.direct?.abort(objectKey, multipartId).catch(() => undefined);
    await removeObjects(
      deps,
      rows.map((u) => u.objectKey),
    );
    return { found: stale.length, done: removed.length };
  });
}

/**
 * Expires orders still pending payment `olderThanHours` after they were placed: each is moved to
 * UNPAID_EXPIRY_STATUS with a history row saying why; its files are left to the retention job, the one
 * mechanism that deletes an ended order's audio. A payment that lands meanwhile wins: the move happens
 * only from pending payment, under the order's lock. Batched and bounded like the upload sweep.
 * Answers how many orders expired.
 */
export async function expireUnpaidOrders(
  deps: Pick<SweepDeps, 'knex'>,
  olderThanHours: number,
  bounds: SweepBounds = SWEEP_BOUNDS,
): Promise<number> {
  const before = new Date(Date.now() - olderThanHours * 3_600_000);
  return inBatches(bounds, async (limit) => {
    const unpaid = await Order.query(deps.knex)
      .select('id')
      .where('status', 'pending_payment')
      .where('createdAt', '<', before)
      .orderBy('createdAt')
      .limit(limit);
    let expired = 0;
    for (const { id } of unpaid) {
      // An expiry sends no mail (the move asks for none).
      const move = await deps.knex.transaction((trx) =>
        changeOrderStatus(trx, id, {
          to: UNPAID_EXPIRY_STATUS,
          by: SYSTEM,
          note: expiryNote(olderThanHours),
          onlyFrom: 'pending_payment',
        }),
      );
      if (move) expired += 1;
    }
    return { found: unpaid.length, done: expired };
  });
}
