// The browser journeys split into groups that run side by side, each against a stack of its own (issue 28):
// TestCafe keeps about one core of two busy while it waits on the page, and separate stacks keep the groups
// from seeing each other's orders, settings and login mails, so no journey has to change for it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/** Where a full journey run records each file's seconds and the fuzz's (recordJourneySeconds), for the next run's plan. */
export const JOURNEY_SECONDS_FILE = path.join(ROOT, 'e2e', 'journey-seconds.json');

/** A run's seconds: each journey file's (by file name, from TestCafe's JSON reports) and the API fuzz's. */
export type JourneySeconds = { files: Record<string, number>; fuzz: number };

/** The seconds the last full run recorded (none before the first). */
export function recordedSeconds(file = JOURNEY_SECONDS_FILE): JourneySeconds {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JourneySeconds) : { files: {}, fuzz: 0 };
}

/** Records a full run's seconds for the next plan (commit the file when the groups drift apart). */
export function recordJourneySeconds(seconds: JourneySeconds, file = JOURNEY_SECONDS_FILE): void {
  writeFileSync(file, `${JSON.stringify(seconds, null, 2)}\n`);
}

/** A file the last run did not have (a new journey) is planned at the median of those it had. */
function plannedSeconds(recorded: JourneySeconds): (file: string) => number {
  const known = Object.values(recorded.files).sort((a, b) => a - b);
  const fallback = known.length ? known[known.length >> 1]! : 20;
  return (file) => recorded.files[path.basename(file)] ?? fallback;
}

/**
 * The journeys of the site with `STORAGE_DRIVER=s3` (uploads straight to a bucket, s3rver): a group of their own,
 * against a stack in that mode (scripts/e2e.ts). `journeyFiles()` of e2e/ leaves this folder out.
 */
export const S3_JOURNEY_DIR = path.join('e2e', 's3');

/** True when `file` is one of the journeys of S3_JOURNEY_DIR. */
export const isS3Journey = (file: string) =>
  path.dirname(path.resolve(ROOT, file)) === path.resolve(ROOT, S3_JOURNEY_DIR);

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
  seconds: (file: string) => number = plannedSeconds(recordedSeconds()),
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
 * The groups of a full run and the one whose stack the API fuzz runs on once its journeys end, planned from the
 * last full run's seconds (`recorded`): the fuzz is planned as one more file of its recorded seconds, so that group takes that much less of the journeys and both groups end
 * together (fuzzing after whichever group ended first, the other had been waiting on the fuzz).
 */
export function planJourneys(
  files: readonly string[],
  count: number,
  recorded: JourneySeconds = recordedSeconds(),
): { groups: string[][]; fuzzGroup: number } {
  const seconds = plannedSeconds(recorded);
  const planned = splitJourneys([...files, FUZZ], count, (file) => (file === FUZZ ? recorded.fuzz : seconds(file)));
  const fuzzGroup = planned.findIndex((group) => group.includes(FUZZ));
  // A group planned with the fuzz alone (fewer files than groups) runs no journeys: the fuzz goes to the first.
  const groups = planned.map((group) => group.filter((file) => file !== FUZZ));
  if (groups[fuzzGroup]!.length === 0) return { groups: groups.filter((g) => g.length > 0), fuzzGroup: 0 };
  return { groups, fuzzGroup };
}

/** Where a group's stack keeps uploads: the local disk (tus through the gateway) or a bucket (direct uploads). */
export type Storage = 'local' | 's3';

/** A group of journeys and the storage its stack runs with. */
export type JourneyGroup = { files: string[]; storage: Storage };

/**
 * The groups a run starts: the files `given` (one group, its S3 journeys in a second), or every journey of e2e/
 * planned in two groups (planJourneys, with the group the fuzz follows) plus those of S3_JOURNEY_DIR as a third.
 */
export function journeyGroups(given: readonly string[]): { groups: JourneyGroup[]; fuzzGroup: number } {
  if (given.length) {
    const groups = (['local', 's3'] as const).map((storage) => ({
      storage,
      files: given.filter((file) => isS3Journey(file) === (storage === 's3')),
    }));
    return { groups: groups.filter((group) => group.files.length > 0), fuzzGroup: -1 };
  }
  const planned = planJourneys(journeyFiles(), 2);
  const s3 = journeyFiles(S3_JOURNEY_DIR);
  return {
    groups: [
      ...planned.groups.map((group) => ({ files: group, storage: 'local' as const })),
      ...(s3.length > 0 ? [{ files: s3, storage: 's3' as const }] : []),
    ],
    fuzzGroup: planned.fuzzGroup,
  };
}

/** The fixtures a journey file declares (`fixture('…')` or support.ts's `fixtureWithTracks('…', …)`). */
export function fixturesDeclaredIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/\b(?:fixture|fixtureWithTracks)\(\s*(['"`])(.+?)\1/g)].map((m) => m[2]!);
}

/**
 * The files of a group still to run after TestCafe stopped it early: the group goes on from the last file it
 * began (run again whole: it may have stopped in it) to the end; every file when it began none. A file counts as
 * begun when its report names it (`reported`, the journey files of a report TestCafe wrote) or its spec reporter
 * printed one of its fixtures' names (`output`: TestCafe writes no JSON report when its browser is lost between
 * journeys).
 */
export function unfinishedFiles(
  files: readonly string[],
  output: readonly string[],
  reported: readonly string[] = [],
  fixtures: (file: string) => string[] = fixturesDeclaredIn,
): string[] {
  const named = new Set(output.map((line) => line.trim()));
  const began = new Set(reported.map((file) => path.resolve(ROOT, file)));
  let last = -1;
  files.forEach((file, i) => {
    if (began.has(path.resolve(ROOT, file)) || fixtures(file).some((name) => named.has(name))) last = i;
  });
  return files.slice(Math.max(last, 0));
}
