import type { Knex } from 'knex';
import { MasterVersion, Order, OrderFile, OrderStatusHistory, Setting, Upload, objectKeyOfPath } from '@mastering/db';
import { JOBS } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';

// Retention (issue 26 Deliver 5, POPIA s14): the audio of a delivered order (the customer's source
// files and every master version) is deleted from storage N days after delivery, N from Settings ->
// Security. The order, its files' rows, invoice and history stay: only the bytes go, and each file row
// records when (`audio_deleted_at`), so a second run finds nothing left to do.

export type RetentionDeps = { knex: Knex; storage: ObjectStorage; logger?: Logger };

const DAY = 86_400_000;

/** Order ids whose order is delivered and whose newest delivery happened before `before`. */
const deliveredBefore = (knex: Knex, before: Date) => {
  const deliveries = () =>
    OrderStatusHistory.query(knex)
      .whereColumn('order_status_history.orderId', 'orders.id')
      .where('order_status_history.toStatus', 'delivered');
  return Order.query(knex)
    .where('orders.status', 'delivered')
    .whereExists(deliveries().where('order_status_history.createdAt', '<', before))
    .whereNotExists(deliveries().where('order_status_history.createdAt', '>=', before))
    .select('orders.id');
};

/** Every storage key holding audio of one order file: its source, its current master and each master version. */
export async function audioKeysOf(knex: Knex, file: OrderFile): Promise<string[]> {
  const [uploads, versions] = await Promise.all([
    Upload.query(knex).where('orderFileId', file.id).orWhere('masteredFileId', file.id).select('objectKey'),
    MasterVersion.query(knex).where('fileId', file.id).select('masteredFilePath'),
  ]);
  const paths = [file.originalFilePath, file.masteredFilePath, ...versions.map((v) => v.masteredFilePath)];
  const keys = [...uploads.map((u) => u.objectKey), ...paths.map(objectKeyOfPath)];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}

/**
 * Deletes the stored audio of the given order files and marks each row with `audio_deleted_at`. The
 * objects go first: a crash in between leaves the row unmarked and the next run deletes nothing twice
 * (deleting a missing object is harmless). Answers how many files were purged.
 */
export async function purgeFileAudio(deps: RetentionDeps, files: readonly OrderFile[], now = new Date()) {
  for (const file of files) {
    for (const key of await audioKeysOf(deps.knex, file)) await deps.storage.delete(key);
    await OrderFile.query(deps.knex).findById(file.id).patch({ audioDeletedAt: now });
  }
  return files.length;
}

/**
 * Deletes the audio of every order delivered more than the Security setting's `audioRetentionDays`
 * ago and not purged yet. Idempotent: purged files are skipped. Answers how many files were purged.
 */
export async function purgeExpiredAudio(deps: RetentionDeps, now = new Date()): Promise<number> {
  const { audioRetentionDays } = await Setting.section(deps.knex, 'security');
  const before = new Date(now.getTime() - audioRetentionDays * DAY);
  const files = await OrderFile.query(deps.knex)
    .whereIn('orderId', deliveredBefore(deps.knex, before))
    .whereNull('audioDeletedAt');
  return purgeFileAudio(deps, files, now);
}

/** The `audio.retention` job: hourly, idempotent, so a rerun or a second worker changes nothing. */
export function retentionJob(deps: RetentionDeps) {
  return {
    name: JOBS.audioRetention,
    every: '1 hour',
    handler: async () => {
      const purged = await purgeExpiredAudio(deps);
      if (purged > 0) deps.logger?.info({ purged }, 'retention: audio of delivered orders deleted');
    },
  };
}
