import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printJourneyProfile, printLogTails } from '../lib/e2e-profile';

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
