import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fixturesDeclaredIn,
  journeyFiles,
  journeyGroups,
  planJourneys,
  recordedSeconds,
  splitJourneys,
  unfinishedFiles,
} from '../lib/journey-groups';

const recorded = recordedSeconds();

describe('splitJourneys', () => {
  it('balances the groups by time, the longest file first, and keeps each group in the given order', () => {
    const seconds: Record<string, number> = { a: 50, b: 30, c: 30, d: 20, e: 10 };
    expect(splitJourneys(['a', 'b', 'c', 'd', 'e'], 2, (f) => seconds[f]!)).toEqual([
      ['a', 'd'],
      ['b', 'c', 'e'],
    ]);
    // 70 s each; in the given order, not by time.
    expect(splitJourneys(['e', 'd', 'c', 'b', 'a'], 2, (f) => seconds[f]!)).toEqual([
      ['d', 'a'],
      ['e', 'c', 'b'],
    ]);
  });

  it('runs every file exactly once, and makes no empty group', () => {
    const files = journeyFiles();
    const groups = splitJourneys(files, 2);
    expect(groups.flat().sort()).toEqual([...files].sort());
    expect(splitJourneys(['only.test.ts'], 2)).toEqual([['only.test.ts']]);
  });

  it('plans a journey file the last run did not have at the median of those it had', () => {
    const { groups } = planJourneys(['e2e/new.test.ts', 'e2e/a.test.ts', 'e2e/b.test.ts', 'e2e/c.test.ts'], 2, {
      files: { 'a.test.ts': 10, 'b.test.ts': 30, 'c.test.ts': 50 },
      fuzz: 0,
    });
    // c (50) | b (30) + new (30 as the median) ... a (10) to the lighter: c + a = 60, b + new = 60.
    expect(groups.map((g) => g.sort())).toEqual([
      ['e2e/a.test.ts', 'e2e/c.test.ts'],
      ['e2e/b.test.ts', 'e2e/new.test.ts'],
    ]);
  });

  it('has recorded seconds only for journey files that exist', () => {
    for (const name of Object.keys(recorded.files)) expect(existsSync(path.join('e2e', name))).toBe(true);
  });
});

describe('planJourneys', () => {
  it('plans the API fuzz as one more file: its group takes that much less of the journeys', () => {
    const files = journeyFiles();
    const { groups, fuzzGroup } = planJourneys(files, 2);
    expect(groups.flat().sort()).toEqual([...files].sort());
    const of = (file: string) => recorded.files[path.basename(file)] ?? 0;
    const seconds = groups.map((group) => group.reduce((sum, file) => sum + of(file), 0));
    const withFuzz = seconds.map((s, i) => s + (i === fuzzGroup ? recorded.fuzz : 0));
    // Greedy balance: the two ends differ by less than the longest file.
    expect(Math.abs(withFuzz[0]! - withFuzz[1]!)).toBeLessThan(Math.max(...Object.values(recorded.files)) + 1);
    expect(seconds[fuzzGroup]).toBeLessThan(seconds[1 - fuzzGroup]!);
  });

  it('gives the fuzz to the first group when its planned group has no journey', () => {
    expect(planJourneys(['e2e/only.test.ts'], 2)).toEqual({ groups: [['e2e/only.test.ts']], fuzzGroup: 0 });
  });
});

describe('unfinishedFiles', () => {
  const fixtures: Record<string, string[]> = {
    'a.test.ts': ['Admin console', 'A remote that cannot load'],
    'b.test.ts': ['Settings'],
    'c.test.ts': ['Spec gaps'],
    'd.test.ts': ['Storefront'],
  };
  const files = Object.keys(fixtures);
  const of = (file: string) => fixtures[file]!;

  it('goes on from the file of the last fixture TestCafe named, that file included', () => {
    // As a group's TestCafe printed it before "The … browser disconnected" (CI, 429cc2a).
    const output = [
      ' Admin console',
      ' ✓ signs in',
      '',
      ' Settings',
      ' ✓ a bad figure',
      '',
      ' Spec gaps',
      ' ✓ at 1280 x 800',
    ];
    expect(unfinishedFiles(files, output, [], of)).toEqual(['c.test.ts', 'd.test.ts']);
    expect(unfinishedFiles(files, [' A remote that cannot load', ' ✓ shows the fallback'], [], of)).toEqual(files);
  });

  it('goes on from the last file a report TestCafe wrote names, as an absolute path', () => {
    expect(unfinishedFiles(files, [], [path.resolve('b.test.ts')], of)).toEqual([
      'b.test.ts',
      'c.test.ts',
      'd.test.ts',
    ]);
  });

  it('runs every file again when TestCafe stopped before naming a fixture', () => {
    expect(unfinishedFiles(files, ['ERROR Cannot establish one or more browser connections.'], [], of)).toEqual(files);
  });

  it('reads the fixtures a journey file declares', () => {
    expect(fixturesDeclaredIn('e2e/accessibility.test.ts')).toEqual(['Accessibility']);
    expect(fixturesDeclaredIn('e2e/order-page.test.ts')).toEqual(['Order page and revisions']);
    for (const file of journeyFiles()) expect(fixturesDeclaredIn(file).length).toBeGreaterThan(0);
  });
});

describe('journeyGroups', () => {
  it('runs every journey of e2e/ in the two planned groups and those of e2e/s3 as a third, on S3', () => {
    const { groups, fuzzGroup } = journeyGroups([]);
    expect(groups.map((g) => g.storage)).toEqual(['local', 'local', 's3']);
    expect(groups[2]!.files).toEqual(['e2e/s3/direct-upload.test.ts']);
    expect(
      groups
        .slice(0, 2)
        .flatMap((g) => g.files)
        .sort(),
    ).toEqual(journeyFiles().sort());
    expect(fuzzGroup).toBeLessThan(2);
  });

  it('splits the files given by storage, and fuzzes none', () => {
    expect(journeyGroups(['e2e/purchase.test.ts', 'e2e/s3/direct-upload.test.ts', 'e2e/refund.test.ts'])).toEqual({
      groups: [
        { storage: 'local', files: ['e2e/purchase.test.ts', 'e2e/refund.test.ts'] },
        { storage: 's3', files: ['e2e/s3/direct-upload.test.ts'] },
      ],
      fuzzGroup: -1,
    });
    expect(journeyGroups(['e2e/s3/direct-upload.test.ts']).groups).toEqual([
      { storage: 's3', files: ['e2e/s3/direct-upload.test.ts'] },
    ]);
  });
});
