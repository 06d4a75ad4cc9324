import { readlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import { vi } from 'vitest';

/**
 * For tests: records the path of every file or folder this process flushes to the disk (fsync through a
 * FileHandle) from now on, in order. Undone by `vi.restoreAllMocks()`. Linux only (reads /proc).
 */
export async function recordSyncs(): Promise<string[]> {
  const probe = await open(os.tmpdir(), 'r');
  const FileHandle = Object.getPrototypeOf(probe) as { sync(this: { fd: number }): Promise<void> };
  await probe.close();
  const sync = FileHandle.sync;
  const synced: string[] = [];
  vi.spyOn(FileHandle, 'sync').mockImplementation(function (this: { fd: number }) {
    synced.push(readlinkSync(`/proc/self/fd/${this.fd}`));
    return sync.call(this);
  });
  return synced;
}
