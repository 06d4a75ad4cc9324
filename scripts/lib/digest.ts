// How `npm start` tells whether a build is fresh: the app builds (build.ts) and the service bundles
// (services.ts) both stamp their inputs with these two.
import type { Hash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Adds `file` (relative to `root`) to `hash` by size and modification time, like make: a stat per file,
 * where reading thousands of sources held `npm start` for most of a second. A missing file counts too.
 */
export function addFileStat(hash: Hash, root: string, file: string): void {
  const stat = statSync(path.resolve(root, file), { throwIfNoEntry: false });
  hash.update(`${file}\0${stat ? `${stat.size}:${stat.mtimeMs}` : 'missing'}\0`);
}

/**
 * Adds `file` (relative to `root`) to `hash` by its contents: for the lockfile (npm writes every package
 * with one fixed old mtime, so a new version shows only there) and the build pipeline's own files.
 */
export function addFileContents(hash: Hash, root: string, file: string): void {
  const full = path.resolve(root, file);
  hash.update(`${file}\0`).update(existsSync(full) ? readFileSync(full) : 'missing');
}
