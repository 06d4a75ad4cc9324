// Where the journeys' time goes: read TestCafe's JSON report and print the slowest journeys and fixtures,
// so a slow CI run says which journey to look at first (issue 28).
import { existsSync, readFileSync } from 'node:fs';

type Report = { fixtures: { name: string; tests: { name: string; durationMs: number; skipped: boolean }[] }[] };

/** Prints the `top` slowest journeys and every fixture's total from TestCafe's JSON reports at `files` (those written). */
export function printJourneyProfile(files: readonly string[], top = 10): void {
  const written = files.filter((file) => existsSync(file));
  if (!written.length) return;
  const report: Report = {
    fixtures: written.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as Report).fixtures),
  };
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
