import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_LINK_DAYS } from '@mastering/service-kit';

// The documented secret rotation keeps an old secret as long as the longest link it signed lives: an
// order page link (issue 51 Deliver 8; the docs once said 90 days, which broke every older order link).
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the secret rotation the docs describe', () => {
  it('keeps a previous secret for the life of the longest link, in the README and .env.example', () => {
    for (const file of ['README.md', '.env.example']) {
      const days = [...read(file).matchAll(/after (\d+) days/g)].map((m) => Number(m[1]));
      expect(days.length, file).toBeGreaterThan(0);
      expect(
        days.every((d) => d >= ORDER_LINK_DAYS),
        `${file}: ${days.join(', ')}`,
      ).toBe(true);
    }
  });
});
