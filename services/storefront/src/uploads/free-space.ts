import { statfs } from 'node:fs/promises';
import { UPLOAD_STORAGE_FULL } from '@mastering/contracts';
import { HttpError } from '@mastering/service-kit';

/**
 * Where uploads land on this machine's disk and how much of it must stay free: the storage folder
 * shares its disk with PostgreSQL, which stops when the disk fills. Null folder: objects live in S3,
 * whose space is not ours to guard.
 */
export type FreeSpaceGuard = { folder: string | null; minFreeBytes: number };

/** The bytes free to an unprivileged writer on the disk holding `folder`. */
export async function freeBytes(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}

/** Refuses (507) an upload of `incomingBytes` that would leave less than the guard's minimum free. */
export async function assertRoomFor(guard: FreeSpaceGuard, incomingBytes = 0): Promise<void> {
  if (guard.folder === null) return;
  if ((await freeBytes(guard.folder)) - incomingBytes < guard.minFreeBytes)
    throw new HttpError(507, UPLOAD_STORAGE_FULL);
}
