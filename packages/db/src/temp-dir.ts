import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh temp folder (named `<prefix>-XXXXXX`) an embedded PostgreSQL may keep its data in: mkdtemp
 * makes it private to its owner, and as root PostgreSQL runs as the postgres user, who must be able to
 * enter it.
 */
export function postgresTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  chmodSync(dir, 0o755);
  return dir;
}
