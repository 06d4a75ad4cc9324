import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInputs, inputFiles } from '../lib/build';
import { contentHash } from '../lib/build-cache.mjs';

// A miniature repository: two apps on the shared ui package (which uses contracts), and a package
// neither app uses.
let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'digest-'));
  const pkg = (name: string, deps: string[] = []) =>
    JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, '*'])) });
  const workspaces = ['packages/contracts', 'packages/ui', 'packages/db', 'shell', 'mf-admin-email'];
  write('package.json', JSON.stringify({ workspaces }));
  write('packages/contracts/package.json', pkg('@mastering/contracts'));
  write('packages/ui/package.json', pkg('@mastering/ui', ['@mastering/contracts', 'react']));
  write('packages/db/package.json', pkg('@mastering/db', ['@mastering/contracts']));
  write('shell/package.json', pkg('shell', ['@mastering/ui']));
  write('mf-admin-email/package.json', pkg('mf-admin-email', ['@mastering/ui']));
  write('shell/src/index.ts', 'shell');
  write('mf-admin-email/src/index.ts', 'email');
  write('packages/ui/src/index.ts', 'ui');
  write('packages/contracts/src/index.ts', 'contracts');
  write('packages/db/src/index.ts', 'db');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What `npm start` compares with an app's stamp: the content hash of its input files. */
const sourceDigest = (app: string, root: string) => contentHash(root, inputFiles(app, root));

describe('sourceDigest (what decides whether npm start rebuilds an app)', () => {
  it('is stable while nothing changes, and differs between apps', () => {
    expect(sourceDigest('shell', root)).toBe(sourceDigest('shell', root));
    expect(sourceDigest('shell', root)).not.toBe(sourceDigest('mf-admin-email', root));
  });

  it("changes only the changed app's digest when an app source changes", () => {
    const [shell, email] = [sourceDigest('shell', root), sourceDigest('mf-admin-email', root)];
    write('mf-admin-email/src/index.ts', 'email v2');
    expect(sourceDigest('shell', root)).toBe(shell);
    expect(sourceDigest('mf-admin-email', root)).not.toBe(email);
  });

  it('changes every digest when a shared package changes', () => {
    const [shell, email] = [sourceDigest('shell', root), sourceDigest('mf-admin-email', root)];
    write('packages/ui/src/index.ts', 'ui v2');
    expect(sourceDigest('shell', root)).not.toBe(shell);
    expect(sourceDigest('mf-admin-email', root)).not.toBe(email);
  });

  it('follows dependencies through other packages: a change to contracts (used via ui) rebuilds both', () => {
    const [shell, email] = [sourceDigest('shell', root), sourceDigest('mf-admin-email', root)];
    write('packages/contracts/src/index.ts', 'contracts v2');
    expect(sourceDigest('shell', root)).not.toBe(shell);
    expect(sourceDigest('mf-admin-email', root)).not.toBe(email);
  });

  it('counts a workspace package as soon as an app depends on it (no list to keep)', () => {
    write('packages/player/package.json', JSON.stringify({ name: '@mastering/player' }));
    write('packages/player/src/index.ts', 'player');
    write(
      'package.json',
      JSON.stringify({
        workspaces: ['packages/contracts', 'packages/ui', 'packages/db', 'packages/player', 'shell', 'mf-admin-email'],
      }),
    );
    write(
      'shell/package.json',
      JSON.stringify({ name: 'shell', dependencies: { '@mastering/ui': '*', '@mastering/player': '*' } }),
    );
    const [shell, email] = [sourceDigest('shell', root), sourceDigest('mf-admin-email', root)];
    write('packages/player/src/index.ts', 'player v2');
    expect(sourceDigest('shell', root)).not.toBe(shell);
    expect(sourceDigest('mf-admin-email', root)).toBe(email);
  });

  it('ignores a package no app depends on', () => {
    const shell = sourceDigest('shell', root);
    write('packages/db/src/index.ts', 'db v2');
    expect(sourceDigest('shell', root)).toBe(shell);
    expect(buildInputs('shell', root)).not.toContain('packages/db');
  });

  it("changes every digest when a shared package's package.json changes (exports, sideEffects)", () => {
    const [shell, email] = [sourceDigest('shell', root), sourceDigest('mf-admin-email', root)];
    write('packages/contracts/package.json', '{"name": "@mastering/contracts", "sideEffects": false}');
    expect(sourceDigest('shell', root)).not.toBe(shell);
    expect(sourceDigest('mf-admin-email', root)).not.toBe(email);
  });

  it('stays the same when a file is touched but not changed, and changes with its content', () => {
    const shell = sourceDigest('shell', root);
    const file = path.join(root, 'shell/src/index.ts');
    utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(sourceDigest('shell', root)).toBe(shell);
    // An edit gives the file a new mtime, so its remembered hash is not used.
    writeFileSync(file, 'shell v2');
    expect(sourceDigest('shell', root)).not.toBe(shell);
  });

  it('ignores build output', () => {
    const shell = sourceDigest('shell', root);
    write('shell/dist/main.js', 'built');
    expect(sourceDigest('shell', root)).toBe(shell);
  });
});

describe('precompress', () => {
  it('writes .br and .gz siblings of text assets over 1 KB that decompress to the original', async () => {
    const { precompress } = await import('../lib/build');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { existsSync, readFileSync } = await import('node:fs');
    const big = 'console.log("mastering");\n'.repeat(200);
    write('app/dist/main.js', big);
    write('app/dist/chunks/1.abcdef12.css', 'body{}'.repeat(300));
    write('app/dist/tiny.js', 'x');
    write('app/dist/cover.png', 'binary'.repeat(500));
    await precompress(path.join(root, 'app', 'dist'));
    const file = path.join(root, 'app', 'dist', 'main.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(big);
    expect(existsSync(path.join(root, 'app', 'dist', 'chunks', '1.abcdef12.css.br'))).toBe(true);
    expect(existsSync(path.join(root, 'app', 'dist', 'tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(root, 'app', 'dist', 'cover.png.br'))).toBe(false);
  });

  it('compresses with brotli at its best quality, as small as the browser can receive', async () => {
    const { precompress } = await import('../lib/build');
    const { brotliCompressSync, constants } = await import('node:zlib');
    const { readFileSync } = await import('node:fs');
    const code = Array.from(
      { length: 400 },
      (_, i) => `export const value${i} = ${i * 7} + "mastering ${i % 13}";`,
    ).join('\n');
    write('app/dist/chunk.js', code);
    await precompress(path.join(root, 'app', 'dist'));
    const best = brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    expect(readFileSync(path.join(root, 'app', 'dist', 'chunk.js.br')).length).toBeLessThanOrEqual(best.length);
  });
});
