// `npm start`: runs the launcher (scripts/start.ts) from its bundle, rebundled first when the content of any
// file it was built from changed (scripts/lib/launcher.ts says why a bundle; build-cache.mjs how it is stamped).
// Plain JavaScript, so that this check needs no TypeScript compiler.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isFresh } from './lib/build-cache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// LAUNCHER_DIR of scripts/lib/launcher.ts, which writes the bundle there (this file cannot import TypeScript).
const dir = path.join(root, 'node_modules', '.cache', 'mastering-launcher');

if (!isFresh(path.join(dir, 'stamp.json'), root)) {
  const bundled = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/lib/launcher.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (bundled.status !== 0) process.exit(bundled.status ?? 1);
}
await import(pathToFileURL(path.join(dir, 'start.mjs')).href);
