// The browser journeys split into groups that run side by side, each against a stack of its own (issue 28):
// TestCafe keeps about one core of two busy while it waits on the page, and separate stacks keep the groups
// from seeing each other's orders, settings and login mails, so no journey has to change for it.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Seconds each journey file took in CI with two groups side by side (the "fixtures" lines `npm run test:e2e`
 * prints; last taken from the run of 569a767, after mail stopped waiting 5 s), used only to balance the groups. A file not listed counts as DEFAULT_SECONDS; update the figures when the profile drifts.
 */
export const JOURNEY_SECONDS: Readonly<Record<string, number>> = {
  'accessibility.test.ts': 71,
  'admin.test.ts': 33,
  'business.test.ts': 33,
  'content.test.ts': 28,
  'email.test.ts': 12,
  'fulfilment.test.ts': 23,
  'invoice-mail.test.ts': 11,
  'order-page.test.ts': 37,
  'purchase.test.ts': 22,
  'refund.test.ts': 15,
  'replace-track.test.ts': 18,
  'settings.test.ts': 39,
  'spec-gaps.test.ts': 24,
  'storefront.test.ts': 35,
  'trade.test.ts': 15,
};
const DEFAULT_SECONDS = 20;

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
  seconds: (file: string) => number = (file) => JOURNEY_SECONDS[path.basename(file)] ?? DEFAULT_SECONDS,
): string[][] {
  const groups = Array.from({ length: count }, () => ({ files: new Set<string>(), total: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min));
    lightest.files.add(file);
    lightest.total += seconds(file);
  }
  return groups.map((g) => files.filter((file) => g.files.has(file))).filter((g) => g.length > 0);
}
