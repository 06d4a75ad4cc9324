// What a journey run leaves to read: the slowest journeys and fixtures from TestCafe's JSON report, so a slow CI
// run says which journey to look at first (issue 28), and the tails of a failed group's service logs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Report = { fixtures: { name: string; tests: { name: string; durationMs: number; skipped: boolean }[] }[] };

/**
 * The fixtures of TestCafe's JSON report at `file`, or none when it was not written whole: TestCafe leaves it
 * empty when it stops early (a journey that does not compile), and the profile must not hide that failure.
 */
function fixturesOf(file: string): Report['fixtures'] {
  if (!existsSync(file)) return [];
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as Report).fixtures;
  } catch {
    console.log(`(no journey profile from ${file}: the report is not whole)`);
    return [];
  }
}

/** Prints the `top` slowest journeys and every fixture's total from TestCafe's JSON reports at `files` (those written). */
export function printJourneyProfile(files: readonly string[], top = 10): void {
  const report: Report = { fixtures: files.flatMap(fixturesOf) };
  if (!report.fixtures.length) return;
  const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
  const tests = report.fixtures.flatMap((f) =>
    f.tests.filter((t) => !t.skipped).map((t) => ({ ...t, fixture: f.name })),
  );
  console.log(`── slowest journeys (s) ──`);
  for (const t of [...tests].sort((a, b) => b.durationMs - a.durationMs).slice(0, top)) {
    console.log(`${seconds(t.durationMs)}  ${t.fixture} › ${t.name}`);
  }
  console.log(`── fixtures (s) ──`);
  const totals = report.fixtures.map((f) => ({ name: f.name, ms: f.tests.reduce((sum, t) => sum + t.durationMs, 0) }));
  for (const f of totals.sort((a, b) => b.ms - a.ms)) console.log(`${seconds(f.ms)}  ${f.name}`);
}

/**
 * Prints the last `lines` lines of each service log in `dir` that has any, each line after `label`: what a
 * failed group's stack warned of, so a CI run that failed says more than the journey's assertion.
 */
export function printLogTails(dir: string, label: string, lines = 25): void {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.log') && name !== 'maildev.log')) {
    const tail = readFileSync(path.join(dir, file), 'utf8').trimEnd().split('\n').filter(Boolean).slice(-lines);
    if (!tail.length) continue;
    console.log(`${label} ── ${file} (last ${tail.length} lines) ──`);
    for (const line of tail) console.log(`${label} ${line}`);
  }
}

/** A failed journey's line in TestCafe's spec report ("✖ its name"). */
const FAILED_JOURNEY = /^\s*✖\s/;

/** Whether TestCafe's spec report (`output`, its lines) names a failed journey. */
export function anyJourneyFailed(output: readonly string[]): boolean {
  return output.some((line) => FAILED_JOURNEY.test(line));
}

/**
 * What a failed group's TestCafe output says of the failure, in at most `max` lines: each failed journey with the
 * `perFailure` lines after it (its error and where), then the output's last `lastLines` lines (the summary, or the
 * error TestCafe stopped on). Printed again at the very end of a run, because a CI log is often read from its tail,
 * and the two groups' lines came interleaved hundreds of lines above it.
 */
export function failureExcerpt(output: readonly string[], max = 80, perFailure = 20, lastLines = 15): string[] {
  const wanted = new Set<number>();
  output.forEach((line, i) => {
    if (!FAILED_JOURNEY.test(line)) return;
    for (let j = i; j <= Math.min(i + perFailure, output.length - 1); j++) wanted.add(j);
  });
  for (let j = Math.max(0, output.length - lastLines); j < output.length; j++) wanted.add(j);
  const excerpt: string[] = [];
  let last = -1;
  for (const i of [...wanted].sort((a, b) => a - b)) {
    if (last >= 0 && i > last + 1) excerpt.push('…');
    excerpt.push(output[i]!);
    last = i;
  }
  // Over `max`, the first failures are kept whole and the tail's last lines after them.
  return excerpt.length <= max
    ? excerpt
    : [...excerpt.slice(0, max - lastLines - 1), '…', ...excerpt.slice(-lastLines)];
}
