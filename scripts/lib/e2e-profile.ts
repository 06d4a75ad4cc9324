// What a journey run leaves to read, all from TestCafe's JSON report (`--reporter json:<file>`): whether a group
// passed, which journeys failed and why, the slowest journeys (issue 28), and each journey file's seconds for
// balancing the next run's groups; and the tails of a failed group's service logs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of TestCafe's JSON report read here (testcafe-reporter-json). */
export type JourneyReport = {
  /** Set when TestCafe ended the task: a report without it was not written whole. */
  endTime: string | null;
  fixtures: {
    name: string;
    /** The journey file, as an absolute path. */
    path: string;
    tests: { name: string; durationMs: number; skipped: boolean; errs: string[] }[];
  }[];
};

/**
 * TestCafe's JSON report at `file`, or null when it was not written whole: TestCafe writes it when the task
 * ends, so a run it stopped early (a journey that does not compile, a browser lost between journeys) leaves it
 * empty or missing.
 */
export function readReport(file: string): JourneyReport | null {
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as JourneyReport;
    return report.endTime && Array.isArray(report.fixtures) ? report : null;
  } catch {
    return null;
  }
}

/** Each failed journey of `report` as "fixture › journey" with its errors, TestCafe's words. */
export function failedJourneys(report: JourneyReport | null, linesPerError = 20): string[] {
  return (report?.fixtures ?? []).flatMap((fixture) =>
    fixture.tests
      .filter((test) => test.errs.length > 0)
      .flatMap((test) => [
        `✖ ${fixture.name} › ${test.name}`,
        ...test.errs.flatMap((err) => err.split('\n').slice(0, linesPerError)),
      ]),
  );
}

/** One TestCafe run of a group: its exit code, whether its browser was lost, its report and what it printed. */
export type GroupRun = {
  code: number;
  browserLost: boolean;
  report: JourneyReport | null;
  output: readonly string[];
};

/** What becomes of a group after a run: it passed, it failed (and why), or it goes on once more with `files`. */
export type Verdict =
  | { outcome: 'passed' }
  | { outcome: 'failed'; why: string[] }
  | { outcome: 'again'; files: string[] };

/**
 * The one rule for a group's run. A journey the report marks failed fails the group, however the run ended. A
 * whole report with none failed and TestCafe's exit code 0 passes it. A run whose browser was lost (TestCafe
 * stops the group when its browser dies between journeys) goes on once more, with another browser, from the file
 * it was in (`unfinished`); a second loss, or any other early end, fails the group with the output's last lines.
 */
export function judgeGroup(run: GroupRun, unfinished: () => string[], retried: boolean): Verdict {
  const failed = failedJourneys(run.report);
  if (failed.length) return { outcome: 'failed', why: failed };
  if (run.report && run.code === 0) return { outcome: 'passed' };
  if (run.browserLost && !retried) return { outcome: 'again', files: unfinished() };
  const ended = run.report ? 'with a whole report' : 'without a whole report';
  return {
    outcome: 'failed',
    why: [`TestCafe ended with exit code ${run.code}, ${ended}; its last lines:`, ...run.output.slice(-15)],
  };
}

/**
 * Each journey file's seconds in `reports` (the sum of its fixtures' journey durations), by file name; a file in
 * two reports (a group run again from it) takes the later report's figure.
 */
export function secondsByFile(reports: readonly JourneyReport[]): Record<string, number> {
  const seconds: Record<string, number> = {};
  for (const report of reports) {
    const ms: Record<string, number> = {};
    for (const fixture of report.fixtures) {
      const name = path.basename(fixture.path);
      ms[name] = (ms[name] ?? 0) + fixture.tests.reduce((sum, test) => sum + test.durationMs, 0);
    }
    for (const [name, total] of Object.entries(ms)) seconds[name] = Math.round(total / 1000);
  }
  return Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
}

/** Prints the `top` slowest journeys and every fixture's total from TestCafe's JSON reports at `files` (those written whole). */
export function printJourneyProfile(files: readonly string[], top = 10): void {
  const fixtures = files.flatMap((file) => readReport(file)?.fixtures ?? []);
  if (!fixtures.length) return;
  const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
  const tests = fixtures.flatMap((f) => f.tests.filter((t) => !t.skipped).map((t) => ({ ...t, fixture: f.name })));
  console.log(`── slowest journeys (s) ──`);
  for (const t of [...tests].sort((a, b) => b.durationMs - a.durationMs).slice(0, top)) {
    console.log(`${seconds(t.durationMs)}  ${t.fixture} › ${t.name}`);
  }
  console.log(`── fixtures (s) ──`);
  const totals = fixtures.map((f) => ({ name: f.name, ms: f.tests.reduce((sum, t) => sum + t.durationMs, 0) }));
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
