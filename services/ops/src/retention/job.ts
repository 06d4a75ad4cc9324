import type { Knex } from 'knex';
import { RETENTION_ENDINGS, RETENTION_SETTING_KEYS, objectKeyOfPath } from '@mastering/contracts';
import { MasterVersion, Order, OrderFile, PackFile, Setting, Upload } from '@mastering/db';
import { JOBS } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import { purgeReferenceAudio } from '../releases/retention';
import type { StorefrontWrites } from '../storefront-writes';

// Retention (issue 26 Deliver 5, issue 50 Deliver 6; POPIA s14): the audio of an order that ended (the
// customer's source files and every master version) is deleted from storage a number of days after it
// ended, a period per ending (delivered, refunded, cancelled after payment, unpaid: contracts'
// retention.ts) from Settings -> Security. An order still open (a revision under way, a refund pending)
// keeps its audio. The order, its files' rows, invoice and history stay: only the bytes go, and each
// file row records when (`audio_deleted_at`), so a second run finds nothing left to do.

/** The database, the audio's storage, and the storefront, which owns the file rows that record the deletion. */
export type RetentionDeps = { knex: Knex; storage: ObjectStorage; storefront: StorefrontWrites; logger?: Logger };

const DAY = 86_400_000;

/**
 * Every storage key holding audio of one order file: its source, its current master, each master
 * version and each release pack file rendered from them.
 */
export async function audioKeysOf(knex: Knex, file: OrderFile): Promise<string[]> {
  const [uploads, versions, packFiles] = await Promise.all([
    Upload.query(knex).where('orderFileId', file.id).orWhere('masteredFileId', file.id).select('objectKey'),
    MasterVersion.query(knex).where('fileId', file.id).select('masteredFilePath'),
    PackFile.query(knex).where('fileId', file.id).whereNotNull('objectKey').select('objectKey'),
  ]);
  const paths = [file.originalFilePath, file.masteredFilePath, ...versions.map((v) => v.masteredFilePath)];
  const keys = [
    ...uploads.map((u) => u.objectKey),
    ...paths.map(objectKeyOfPath),
    ...packFiles.map((p) => p.objectKey),
  ];
  return [...new Set(keys.filter((k): k is string => k !== null))];
}

/**
 * Deletes the stored audio of the given order files and has the storefront (their rows' owner) mark
 * each with `audio_deleted_at`, then deletes again what appeared meanwhile. A release pack render records
 * its file under the row's lock and deletes it itself once it sees the mark; a file it recorded before
 * the mark committed is listed by the second pass. The objects go first: a crash or a failed call before
 * the mark leaves the row unmarked, and the next run deletes again harmlessly (a missing object is no
 * error) and marks it. Answers how many files were purged.
 */
export async function purgeFileAudio(deps: RetentionDeps, files: readonly OrderFile[], now = new Date()) {
  const deleteAudio = async (file: OrderFile) => {
    for (const key of await audioKeysOf(deps.knex, file)) await deps.storage.delete(key);
  };
  for (const file of files) {
    await deleteAudio(file);
    await deps.storefront.audioDeleted({ at: now.toISOString(), fileIds: [file.id] });
    await deleteAudio(file);
  }
  return files.length;
}

/**
 * Deletes the audio of every order that ended longer ago than its ending's period in Settings ->
 * Security, not purged yet. Idempotent: purged files are skipped. Answers how many files were purged.
 */
export async function purgeExpiredAudio(deps: RetentionDeps, now = new Date()): Promise<number> {
  const security = await Setting.section(deps.knex, 'security');
  let purged = 0;
  for (const ending of RETENTION_ENDINGS) {
    const before = new Date(now.getTime() - security[RETENTION_SETTING_KEYS[ending]] * DAY);
    const ended = () => Order.query(deps.knex).modify('endedBefore', ending, before).select('orders.id');
    const files = await OrderFile.query(deps.knex).whereIn('orderId', ended()).whereNull('audioDeletedAt');
    purged += await purgeFileAudio(deps, files, now);
    // A release's reference tracks go with the order's audio.
    purged += await purgeReferenceAudio(deps, ended() as never);
  }
  return purged;
}

/** The `audio.retention` job: hourly, idempotent, so a rerun or a second worker changes nothing. */
export function retentionJob(deps: RetentionDeps) {
  return {
    name: JOBS.audioRetention,
    every: '1 hour',
    handler: async () => {
      const purged = await purgeExpiredAudio(deps);
      if (purged > 0) deps.logger?.info({ purged }, 'retention: audio of ended orders deleted');
    },
  };
}
