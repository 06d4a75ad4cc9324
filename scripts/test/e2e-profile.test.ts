import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyJourneyFailed, failureExcerpt, printJourneyProfile, printLogTails } from '../lib/e2e-profile';

let dir: string;
let printed: string[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'e2e-profile-'));
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('printJourneyProfile', () => {
  it('reads the reports written whole and passes over one TestCafe left empty (a run that stopped early)', () => {
    const whole = path.join(dir, 'one.json');
    const report = {
      fixtures: [{ name: 'Purchase', tests: [{ name: 'buys two tracks', durationMs: 12_300, skipped: false }] }],
    };
    writeFileSync(whole, JSON.stringify(report));
    writeFileSync(path.join(dir, 'two.json'), '');
    printJourneyProfile([whole, path.join(dir, 'two.json'), path.join(dir, 'missing.json')]);
    expect(printed).toContain('  12.3  Purchase › buys two tracks');
    expect(printed.some((line) => line.includes('two.json') && line.includes('not whole'))).toBe(true);
  });
});

describe('printLogTails', () => {
  it("prints the last lines of each service log that has any, after the group's label, and not MailDev's", () => {
    const logs = path.join(dir, 'logs');
    mkdirSync(logs);
    writeFileSync(path.join(logs, 'yoco-sandbox.log'), ['one', 'two', 'three', ''].join('\n'));
    writeFileSync(path.join(logs, 'ops.log'), '');
    writeFileSync(path.join(logs, 'maildev.log'), 'MailDev webapp running\n');
    printLogTails(logs, '2│', 2);
    expect(printed).toEqual(['2│ ── yoco-sandbox.log (last 2 lines) ──', '2│ two', '2│ three']);
  });
});

describe('failureExcerpt', () => {
  const passed = (n: number) => Array.from({ length: n }, (_, i) => ` ✓ journey ${i}`);

  it("keeps each failed journey with the lines after it and the output's tail, marking what it left out", () => {
    const output = [
      ...passed(30),
      ' ✖ refunds part of an order',
      '   1) AssertionError: expected 0 to be 1',
      '   at refund.test.ts:42',
      ...passed(30),
      ' 1/61 failed (4m 10s)',
    ];
    expect(failureExcerpt(output, 80, 2, 1)).toEqual([
      ' ✖ refunds part of an order',
      '   1) AssertionError: expected 0 to be 1',
      '   at refund.test.ts:42',
      '…',
      ' 1/61 failed (4m 10s)',
    ]);
  });

  it('is the tail alone when no journey failed (TestCafe stopped on an error of its own)', () => {
    const output = [...passed(40), 'ERROR The browser disconnected'];
    expect(failureExcerpt(output, 80, 20, 2)).toEqual([' ✓ journey 39', 'ERROR The browser disconnected']);
  });

  it('stays within max lines, keeping the first failures and the last lines', () => {
    const output = Array.from({ length: 10 }, (_, i) => [` ✖ journey ${i}`, `   error ${i}`]).flat();
    const excerpt = failureExcerpt([...output, ...passed(10), 'end'], 8, 1, 2);
    expect(excerpt).toEqual([
      ' ✖ journey 0',
      '   error 0',
      ' ✖ journey 1',
      '   error 1',
      ' ✖ journey 2',
      '…',
      ' ✓ journey 9',
      'end',
    ]);
  });
});

describe('anyJourneyFailed', () => {
  it('is true when the spec report names a failed journey, whatever else it says', () => {
    expect(anyJourneyFailed([' Settings', ' ✓ a bad figure is refused', ' ✖ the SMTP test button sends'])).toBe(true);
    expect(anyJourneyFailed([' Settings', ' ✓ a bad figure is refused', '', ' 15/32 failed (3m 42s)'])).toBe(false);
    expect(anyJourneyFailed(['ERROR The Chrome 156.0.0.0 / Debian 12 browser disconnected.'])).toBe(false);
  });
});
