// `npm start` runs scripts/start.ts from a bundle (scripts/lib/launcher.ts, scripts/start.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStamp as readStampFile } from '../lib/build-cache.mjs';
import { bundleLauncher, LAUNCHER_DIR } from '../lib/launcher';
import { ROOT } from '../lib/paths';

const stampFile = path.join(LAUNCHER_DIR, 'stamp.json');
const readStamp = () => readStampFile(stampFile)!;

/** `npm start`'s command with a data folder that cannot exist: the launcher runs and fails at its first step. */
const startInDeadEnd = () =>
  spawnSync(process.execPath, ['--enable-source-maps', path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: '/dev/null/nowhere' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the launcher bundle', () => {
  it('runs start.ts as from source: env read, files found from the sources, stack traces mapped to them', async () => {
    await bundleLauncher();
    const files = readStamp().files;
    expect(files).toEqual(expect.arrayContaining(['scripts/start.ts', 'scripts/lib/stack.ts', 'package-lock.json']));
    expect(readStamp().root).toBe(ROOT);
    // The repository root is found from paths.ts's own URL, as when run from source.
    const bundle = readFileSync(path.join(LAUNCHER_DIR, 'start.mjs'), 'utf8');
    expect(bundle).toContain(JSON.stringify(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'paths.ts')).href));

    const run = startInDeadEnd();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("mkdir '/dev/null/nowhere/logs'");
    expect(run.stderr).toMatch(/scripts\/lib\/supervisor\.ts:\d+/);
  }, 60_000);

  it('is bundled again when the content of a file it was built from changes, not when one is only touched', async () => {
    await bundleLauncher();
    const before = statSync(stampFile).mtimeMs;
    const input = path.join(ROOT, 'scripts', 'start.mjs');
    const { atime, mtime } = statSync(input);
    utimesSync(input, atime, new Date(mtime.getTime() + 1_000));
    try {
      expect(startInDeadEnd().status).toBe(1);
      expect(statSync(stampFile).mtimeMs).toBe(before);
    } finally {
      utimesSync(input, atime, mtime);
    }
    // What an edited input does to the comparison: the stamp's hash no longer matches.
    writeFileSync(stampFile, JSON.stringify({ ...readStamp(), hash: 'an edit ago' }));
    expect(startInDeadEnd().status).toBe(1);
    expect(readStamp().hash).not.toBe('an edit ago');
  }, 60_000);
});
