import type { Knex } from 'knex';
import type { Pojo } from 'objection';
import { BaseModel } from './base';

/**
 * The disk ledger: bytes an admitted upload declared, held against the free-space floor of the volume
 * (a local folder, by its absolute path) its bytes land on, until they are stored, the upload fails or
 * its URL expires (`expiresAt`, the upload's own). One row per upload; it goes with its upload.
 */
export class DiskReservation extends BaseModel {
  static tableName = 'disk_reservations';
  static idColumn = 'uploadId';

  declare uploadId: string;
  declare volume: string;
  declare bytes: number;
  declare expiresAt: Date;
  declare createdAt: Date;

  /**
   * Takes the volume's ledger lock until `trx` ends, so one admission at a time, on any replica, reads
   * the holds and adds its own (the check and the write cannot interleave with another's).
   */
  static async lockVolume(trx: Knex.Transaction, volume: string): Promise<void> {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`disk-ledger:${volume}`]);
  }

  /** The bytes held on `volume` by holds still live at `now`, leaving out `exceptUploadId`'s own. */
  static async outstanding(knex: Knex, volume: string, now: Date, exceptUploadId?: string): Promise<number> {
    const row = await DiskReservation.query(knex)
      .where('volume', volume)
      .where('expiresAt', '>', now)
      .modify((q) => exceptUploadId && q.whereNot('uploadId', exceptUploadId))
      .select(knex.raw('coalesce(sum(bytes), 0)::bigint as held'))
      .first()
      .castTo<{ held: string }>();
    return Number(row.held);
  }

  /** Records (or replaces) an upload's hold. */
  static async hold(
    knex: Knex,
    hold: { uploadId: string; volume: string; bytes: number; expiresAt: Date },
  ): Promise<void> {
    await DiskReservation.query(knex).insert(hold).onConflict('uploadId').merge(['volume', 'bytes', 'expiresAt']);
  }

  /** Gives an upload's held bytes back (its bytes are stored, or will not come). */
  static async release(knex: Knex, uploadId: string): Promise<void> {
    await DiskReservation.query(knex).delete().where('uploadId', uploadId);
  }

  /** Deletes holds expired at `now` (they count no more; this keeps the ledger short). Answers how many. */
  static async releaseExpired(knex: Knex, now: Date): Promise<number> {
    return DiskReservation.query(knex).delete().where('expiresAt', '<=', now);
  }

  // bytes is a bigint, which pg returns as a string; one hold is at most a few GB, so a number is exact.
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.bytes != null) parsed.bytes = Number(parsed.bytes);
    return parsed;
  }
}
