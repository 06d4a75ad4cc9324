import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PRELOAD = path.resolve(import.meta.dirname, '..', 'lib', 'testcafe-local-start.cjs');

/** Whether TestCafe's Chromium provider thinks it runs in a container, asked in a fresh Node with `args`. */
function containerized(args: string[]): boolean {
  const script = `
    const RuntimeInfo = require(require.resolve('testcafe/lib/browser/provider/built-in/dedicated/chrome/runtime-info.js'));
    process.stdout.write(String(new RuntimeInfo({}).isContainerized));`;
  return execFileSync(process.execPath, [...args, '-e', script], { encoding: 'utf8' }) === 'true';
}

describe('testcafe-local-start (preloaded into the journeys\u2019 TestCafe)', () => {
  it('makes TestCafe open Chromium as outside a container, whatever the machine', () => {
    expect(containerized(['--require', PRELOAD])).toBe(false);
  });

  // Outside a container there is nothing to change (the CI machine is one: it has /.dockerenv).
  it.skipIf(!existsSync('/.dockerenv'))('changes what TestCafe decides in a container', () => {
    expect(containerized([])).toBe(true);
  });
});
