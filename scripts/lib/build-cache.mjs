// The one build cache of `npm start`, `npm run build` and the journeys: the front-end apps (build.ts), the
// service bundles (services.ts) and the launcher's bundle (launcher.ts, checked by scripts/start.mjs) each
// stamp their output with the content hash of the files it was made from, and are built again only when that
// hash changes. Plain JavaScript, so that scripts/start.mjs can check the launcher without a TypeScript compiler.
//
// Hashing reads every input; to keep a warm start from reading thousands of sources, each file's hash is
// remembered by its size and mtime (node_modules/.cache/mastering-build/hashes.json, as git's index and turbo
// do). A touched but unchanged file is read again and found the same, so nothing is rebuilt for it.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Per root: where its remembered hashes are kept, them (by absolute path: size, mtime, hash), and whether any is new. */
/** @type {Map<string, { file: string, hashes: Record<string, [number, number, string]>, changed: boolean }>} */
const memos = new Map();

function memoOf(root) {
  let memo = memos.get(root);
  if (!memo) {
    const file = path.join(root, 'node_modules', '.cache', 'mastering-build', 'hashes.json');
    let entries = {};
    try {
      entries = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // none yet, or half-written by another process: every file is read once more
    }
    memo = { file, hashes: entries, changed: false };
    memos.set(root, memo);
  }
  return memo;
}

/** One file's content hash (or "missing"), read only when its size or mtime differs from the remembered one. */
function fileHash(root, file, memo) {
  const full = path.resolve(root, file);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 'missing';
  const known = memo.hashes[full];
  if (known && known[0] === stat.size && known[1] === stat.mtimeMs) return known[2];
  const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
  // A file written in the last two seconds may be written again within its mtime's tick: not remembered.
  if (Date.now() - stat.mtimeMs > 2_000) {
    memo.hashes[full] = [stat.size, stat.mtimeMs, hash];
    memo.changed = true;
  }
  return hash;
}

/** The content hash of `files` (paths relative to `root`, names included, so an added or removed file counts). */
export function contentHash(root, files) {
  const memo = memoOf(root);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${fileHash(root, file, memo)}\0`);
  if (memo.changed) {
    // Written whole and renamed, so a process reading it at the same time never sees half of it.
    mkdirSync(path.dirname(memo.file), { recursive: true });
    const temporary = `${memo.file}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(memo.hashes));
    renameSync(temporary, memo.file);
    memo.changed = false;
  }
  return hash.digest('hex');
}

/** The stamp at `stampFile`, or null when there is none. */
export function readStamp(stampFile) {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

/** Stamps an output as made in `root` from `files` (with `meta`, e.g. a bundle's manifest, kept beside them). */
export function writeStamp(stampFile, root, files, meta = {}) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ ...meta, root, files, hash: contentHash(root, files) }));
}

/**
 * True when the output stamped at `stampFile` was made in `root` from files whose content is unchanged:
 * `files` when given (an input list derived anew, which may have gained a file), else the stamp's own list.
 */
export function isFresh(stampFile, root, files) {
  const stamp = readStamp(stampFile);
  return stamp?.root === root && stamp.hash === contentHash(root, files ?? stamp.files);
}
