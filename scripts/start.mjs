// `npm start`: runs the launcher (scripts/start.ts) from its bundle, rebundled first when any file it
// was built from changed (scripts/lib/launcher.ts says why a bundle). Plain JavaScript, so that this
// check costs a stat per file and no TypeScript compiler.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// LAUNCHER_DIR of scripts/lib/launcher.ts, which writes the bundle there (this file cannot import TypeScript).
const dir = path.join(root, 'node_modules', '.cache', 'mastering-launcher');

/** True when the bundle was built in this folder and its stamp lists every input at the size and mtime it has now. */
function isFresh() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(dir, 'stamp.json'), 'utf8'));
  } catch {
    return false;
  }
  return (
    stamp.root === root &&
    stamp.files.every(([file, size, mtimeMs]) => {
      const now = statSync(path.join(root, file), { throwIfNoEntry: false });
      return now?.size === size && now.mtimeMs === mtimeMs;
    })
  );
}

if (!isFresh()) {
  const bundled = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/lib/launcher.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (bundled.status !== 0) process.exit(bundled.status ?? 1);
}
await import(pathToFileURL(path.join(dir, 'start.mjs')).href);
