import { statfs } from 'node:fs/promises';
import type { Knex } from 'knex';
import { UPLOAD_STORAGE_FULL, type UploadProtocol } from '@mastering/contracts';
import { DiskReservation } from '@mastering/db';
import { HttpError } from '@mastering/service-kit';

/** How many bytes are free to an unprivileged writer on the disk holding a folder. */
export type FreeBytesOf = (folder: string) => Promise<number>;

/**
 * Where upload bytes land on this machine's disks and how much of them must stay free: the storage
 * folder shares its disk with PostgreSQL, which stops when the disk fills. `tus` is the folder tus
 * writes to (the storage root itself, or with S3 its staging folder); `put` the one a whole PUT writes
 * to (null with S3: streamed to the bucket, whose space is not ours to guard). `freeBytes` measures a
 * folder's disk (statfs; tests inject their own).
 */
export type FreeSpaceGuard = {
  tus: string;
  put: string | null;
  minFreeBytes: number;
  freeBytes: FreeBytesOf;
};

/** The bytes free to an unprivileged writer on the disk holding `folder`. */
export const freeBytes: FreeBytesOf = async (folder) => {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};

/** The volume (folder) bytes arriving through `protocol` land on, or null when none of ours (direct to the bucket). */
const volumeOf = (guard: FreeSpaceGuard, protocol: UploadProtocol) =>
  protocol === 's3' ? null : protocol === 'put' ? guard.put : guard.tus;

/**
 * The bytes a new declaration may still take on `volume`: its free space, less the bytes held for
 * uploads admitted and still under way, less the floor. The holds are read before the disk is measured:
 * an upload releases its hold only after its bytes are on the disk, so a hold read as gone is already
 * in the measure, and one read as live is at worst counted twice (erring on the floor's side).
 */
async function roomOn(
  trx: Knex,
  guard: FreeSpaceGuard,
  volume: string,
  now: Date,
  exceptUploadId?: string,
): Promise<number> {
  const held = await DiskReservation.outstanding(trx, volume, now, exceptUploadId);
  return (await guard.freeBytes(volume)) - held - guard.minFreeBytes;
}

/** Refuses (507) to open an upload while the disk tus writes to has no room left above its floor. */
export async function assertRoom(knex: Knex, guard: FreeSpaceGuard, now = new Date()): Promise<void> {
  if ((await roomOn(knex, guard, guard.tus, now)) < 0) throw new HttpError(507, UPLOAD_STORAGE_FULL);
}

/**
 * Admits `bytes` declared by an upload's first write through `protocol`: in one transaction under the
 * volume's ledger lock (so admissions on every replica take turns), refused (507) unless the room left
 * holds them, else held in the ledger until the upload's URL expires (or `releaseRoom` gives them back).
 * A second write of the same upload replaces its own hold.
 */
export async function reserveRoom(
  knex: Knex,
  guard: FreeSpaceGuard,
  upload: { id: string; expiresAt: Date },
  protocol: UploadProtocol,
  bytes: number,
  now = new Date(),
): Promise<void> {
  const volume = volumeOf(guard, protocol);
  if (volume === null) return;
  await knex.transaction(async (trx) => {
    await DiskReservation.lockVolume(trx, volume);
    if ((await roomOn(trx, guard, volume, now, upload.id)) < bytes) throw new HttpError(507, UPLOAD_STORAGE_FULL);
    await DiskReservation.hold(trx, { uploadId: upload.id, volume, bytes, expiresAt: upload.expiresAt });
  });
}

/** Gives an upload's held bytes back: they are on the disk now (counted in its free space), or will not come. */
export async function releaseRoom(knex: Knex, uploadId: string): Promise<void> {
  await DiskReservation.release(knex, uploadId);
}
