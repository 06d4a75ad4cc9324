import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type GroupRun,
  type JourneyReport,
  judgeGroup,
  printJourneyProfile,
  printLogTails,
  readReport,
  secondsByFile,
} from '../lib/e2e-profile';

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

/** A journey of a report: passed unless it has errors. */
const journey = (name: string, durationMs: number, errs: string[] = []) => ({ name, durationMs, skipped: false, errs });

/** A report TestCafe wrote whole, with one fixture per file. */
const reportOf = (...fixtures: [string, string, ReturnType<typeof journey>[]][]): JourneyReport => ({
  endTime: '2026-12-07T21:00:00.000Z',
  fixtures: fixtures.map(([name, file, tests]) => ({ name, path: `/repo/e2e/${file}`, tests })),
});

describe('readReport', () => {
  it('reads a report written whole, and none from one TestCafe left empty, unfinished or missing', () => {
    const whole = path.join(dir, 'whole.json');
    writeFileSync(whole, JSON.stringify(reportOf(['Purchase', 'purchase.test.ts', [journey('buys', 1)]])));
    const unfinished = path.join(dir, 'unfinished.json');
    writeFileSync(unfinished, JSON.stringify({ ...reportOf(), endTime: null }));
    writeFileSync(path.join(dir, 'empty.json'), '');
    expect(readReport(whole)?.fixtures[0]?.name).toBe('Purchase');
    expect(readReport(unfinished)).toBeNull();
    expect(readReport(path.join(dir, 'empty.json'))).toBeNull();
    expect(readReport(path.join(dir, 'missing.json'))).toBeNull();
  });
});

describe('judgeGroup: the rule for a group run', () => {
  const run = (over: Partial<GroupRun>): GroupRun => ({
    code: 0,
    browserLost: false,
    report: reportOf(['Settings', 'settings.test.ts', [journey('a bad figure', 900)]]),
    output: [],
    ...over,
  });
  const rest = () => ['e2e/settings.test.ts', 'e2e/trade.test.ts'];

  it('passes a whole report with no failed journey and exit code 0', () => {
    expect(judgeGroup(run({}), rest, false)).toEqual({ outcome: 'passed' });
  });

  it('fails on a journey the report marks failed, with its errors, even when the browser was lost after it', () => {
    const report = reportOf([
      'Refund',
      'refund.test.ts',
      [journey('refunds part', 100, ['AssertionError: 0 != 1\n at refund.test.ts:42'])],
    ]);
    const verdict = judgeGroup(run({ code: 1, browserLost: true, report }), rest, false);
    expect(verdict).toEqual({
      outcome: 'failed',
      why: ['✖ Refund › refunds part', 'AssertionError: 0 != 1', ' at refund.test.ts:42'],
    });
  });

  it('runs a group whose browser was lost once more, from the file it was in, and fails a second loss', () => {
    const lost = run({ code: 1, browserLost: true, report: null, output: ['ERROR The browser disconnected.'] });
    expect(judgeGroup(lost, rest, false)).toEqual({ outcome: 'again', files: rest() });
    const second = judgeGroup(lost, rest, true);
    expect(second.outcome).toBe('failed');
    expect(second.outcome === 'failed' && second.why.at(-1)).toBe('ERROR The browser disconnected.');
  });

  it('fails a run that ended early for any other reason, or with a non-zero code and nothing failed', () => {
    expect(judgeGroup(run({ code: 1, report: null, output: ['ERROR Cannot compile'] }), rest, false).outcome).toBe(
      'failed',
    );
    expect(judgeGroup(run({ code: 1 }), rest, false).outcome).toBe('failed');
  });
});

describe('secondsByFile', () => {
  it("sums each file's journeys by file name, a file run again taking the later report's figure", () => {
    const first = reportOf(
      ['Admin console', 'admin.test.ts', [journey('signs in', 1_400), journey('lists', 2_700)]],
      ['A remote that cannot load', 'admin.test.ts', [journey('falls back', 900)]],
      ['Settings', 'settings.test.ts', [journey('half done', 4_000)]],
    );
    const again = reportOf(['Settings', 'settings.test.ts', [journey('all of it', 9_600)]]);
    expect(secondsByFile([first, again])).toEqual({ 'admin.test.ts': 5, 'settings.test.ts': 10 });
  });
});

describe('printJourneyProfile', () => {
  it('reads the reports written whole and passes over one TestCafe left empty (a run that stopped early)', () => {
    const whole = path.join(dir, 'one.json');
    writeFileSync(
      whole,
      JSON.stringify(reportOf(['Purchase', 'purchase.test.ts', [journey('buys two tracks', 12_300)]])),
    );
    writeFileSync(path.join(dir, 'two.json'), '');
    printJourneyProfile([whole, path.join(dir, 'two.json'), path.join(dir, 'missing.json')]);
    expect(printed).toContain('  12.3  Purchase › buys two tracks');
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
