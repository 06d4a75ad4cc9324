// The browser journeys split into groups that run side by side, each against a stack of its own (issue 28):
// TestCafe keeps about one core of two busy while it waits on the page, and separate stacks keep the groups
// from seeing each other's orders, settings and login mails, so no journey has to change for it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Seconds each journey file took in CI with two groups side by side (the "fixtures" lines `npm run test:e2e`
 * prints; last taken from the CI run of 71d7aaf; the journeys that since place their order over HTTP or sign
 * in by role scaled by how much shorter they ran), used only to balance the groups. A file not listed counts as
 * DEFAULT_SECONDS; update the figures when the profile drifts.
 */
export const JOURNEY_SECONDS: Readonly<Record<string, number>> = {
  'accessibility.test.ts': 67,
  'admin.test.ts': 29,
  'business.test.ts': 31,
  'content.test.ts': 20,
  'email.test.ts': 15,
  'fulfilment.test.ts': 12,
  'invoice-mail.test.ts': 11,
  'not-happy.test.ts': 12,
  'login-redirect.test.ts': 20,
  'mix-check.test.ts': 12,
  'order-page.test.ts': 25,
  'order-rules.test.ts': 30,
  'purchase.test.ts': 22,
  'refund.test.ts': 7,
  'replace-track.test.ts': 8,
  'settings.test.ts': 38,
  'spec-gaps.test.ts': 14,
  'storefront.test.ts': 37,
  'trade.test.ts': 17,
};
/** Seconds the API fuzz takes on its group's stack after that group's journeys (the same run's "fuzz" line). */
export const FUZZ_SECONDS = 28;
const DEFAULT_SECONDS = 20;

/** The seconds a journey file is planned at (JOURNEY_SECONDS, else DEFAULT_SECONDS). */
function journeySeconds(file: string): number {
  return JOURNEY_SECONDS[path.basename(file)] ?? DEFAULT_SECONDS;
}

/** The journey files under `dir` (`*.test.ts`), as paths relative to the repository root. */
export function journeyFiles(dir = 'e2e'): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Splits `files` into `count` groups of about equal time: the longest file goes to the group with the least
 * time so far. Each group keeps the files in their given order, as TestCafe would run them in one group.
 */
export function splitJourneys(
  files: readonly string[],
  count: number,
  seconds: (file: string) => number = journeySeconds,
): string[][] {
  const groups = Array.from({ length: count }, () => ({ files: new Set<string>(), total: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.add(file);
    lightest.total += seconds(file);
  }
  return groups.map((g) => files.filter((file) => g.files.has(file))).filter((g) => g.length > 0);
}

/** The fuzz's place in a plan: planned as one more file, run after its group's journeys. */
const FUZZ = '(API fuzz)';

/**
 * The groups of a full run and the one whose stack the API fuzz runs on once its journeys end: the fuzz is
 * planned as a file of FUZZ_SECONDS, so that group takes that much less of the journeys and both groups end
 * together (fuzzing after whichever group ended first, the other had been waiting on the fuzz).
 */
export function planJourneys(files: readonly string[], count: number): { groups: string[][]; fuzzGroup: number } {
  const planned = splitJourneys([...files, FUZZ], count, (file) =>
    file === FUZZ ? FUZZ_SECONDS : journeySeconds(file),
  );
  const fuzzGroup = planned.findIndex((group) => group.includes(FUZZ));
  // A group planned with the fuzz alone (fewer files than groups) runs no journeys: the fuzz goes to the first.
  const groups = planned.map((group) => group.filter((file) => file !== FUZZ));
  if (groups[fuzzGroup]!.length === 0) return { groups: groups.filter((g) => g.length > 0), fuzzGroup: 0 };
  return { groups, fuzzGroup };
}

/** The fixtures a journey file declares (`fixture('…')` or support.ts's `fixtureWithTracks('…', …)`). */
export function fixturesDeclaredIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\b(?:fixture|fixtureWithTracks)\(\s*(['"`])(.+?)\1/g)].map((m) => m[2]!);
}

/**
 * The files of a group still to run after TestCafe stopped it early, read from what it printed (`output`):
 * its spec reporter names each fixture before the fixture's journeys, so the group goes on from the file of
 * the last fixture it named (run again whole: it may have stopped in it) to the end; every file when it named
 * none (it stopped before the first journey).
 */
export function unfinishedFiles(
  files: readonly string[],
  output: readonly string[],
  fixtures: (file: string) => string[] = fixturesDeclaredIn,
): string[] {
  const named = new Set(output.map((line) => line.trim()));
  let last = -1;
  files.forEach((file, i) => {
    if (fixtures(file).some((name) => named.has(name))) last = i;
  });
  return files.slice(Math.max(last, 0));
}
