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

/** TestCafe's own wait for a browser's heartbeat (2 min). */
const TESTCAFE_HEARTBEAT_MS = 120_000;

/**
 * The heartbeat wait a browser connection made in a fresh Node with `args` and `env` would take: the value of
 * TestCafe's timeouts module, which its BrowserConnection copies when it is made.
 */
function heartbeatTimeout(args: string[], env: Record<string, string>): number {
  const script = `
    const timeouts = require(require.resolve('testcafe/lib/utils/browser-connection-timeouts.js'));
    process.stdout.write(String(timeouts.HEARTBEAT_TIMEOUT));`;
  const { E2E_HEARTBEAT_MS: _, ...rest } = process.env;
  return Number(
    execFileSync(process.execPath, [...args, '-e', script], { encoding: 'utf8', env: { ...rest, ...env } }),
  );
}

describe('testcafe-local-start (preloaded into the journeys\u2019 TestCafe)', () => {
  it('makes TestCafe open Chromium as outside a container, whatever the machine', () => {
    expect(containerized(['--require', PRELOAD])).toBe(false);
  });

  it('sets how long TestCafe waits for a silent browser when asked (E2E_HEARTBEAT_MS), and else leaves it', () => {
    expect(heartbeatTimeout(['--require', PRELOAD], { E2E_HEARTBEAT_MS: '30000' })).toBe(30_000);
    expect(heartbeatTimeout(['--require', PRELOAD], {})).toBe(TESTCAFE_HEARTBEAT_MS);
    expect(heartbeatTimeout([], { E2E_HEARTBEAT_MS: '30000' })).toBe(TESTCAFE_HEARTBEAT_MS);
  });

  // Outside a container there is nothing to change (the CI machine is one: it has /.dockerenv).
  it.skipIf(!existsSync('/.dockerenv'))('changes what TestCafe decides in a container', () => {
    expect(containerized([])).toBe(true);
  });
});
