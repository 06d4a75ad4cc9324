import { chmodSync, mkdtempSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh temp folder (named `<prefix>-XXXXXX`) an embedded PostgreSQL may keep its data in: mkdtemp
 * makes it private to its owner, and as root PostgreSQL runs as the postgres user, who must be able to
 * enter it. `inMemory` puts it on /dev/shm when that has room (see memoryTempRoot).
 */
export function postgresTempDir(prefix: string, { inMemory = false }: { inMemory?: boolean } = {}): string {
  const root = (inMemory && memoryTempRoot()) || os.tmpdir();
  const dir = mkdtempSync(path.join(root, `${prefix}-`));
  chmodSync(dir, 0o755);
  return dir;
}

// The unit suite's cluster copies its template for every test file: about 2,400 file opens each, which
// on this machine's ext4 disk cost 0.3 s of system CPU per database and on tmpfs 0.02 s. It holds the
// template and the few databases the running files use (tens of MB), so 1 GB free is ample; a small
// /dev/shm (Docker's default is 64 MB) falls back to the disk.
const MEMORY_ROOT = '/dev/shm';
const MEMORY_ROOM_BYTES = 1024 ** 3;

/** /dev/shm when it exists with room for a test cluster, otherwise undefined. */
function memoryTempRoot(): string | undefined {
  try {
    const { bavail, bsize } = statfsSync(MEMORY_ROOT);
    return bavail * bsize >= MEMORY_ROOM_BYTES ? MEMORY_ROOT : undefined;
  } catch {
    return undefined;
  }
}
