// Issue 50 Deliver 3: every promise the site makes has a mechanism and a test (the registry in
// packages/contracts/src/promises.ts), and no promise-like phrase reaches the copy without an entry.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMISE_COPY_SOURCES, PROMISE_MARKERS, SITE_PROMISES } from '../src/promises';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const REGISTRY = 'packages/contracts/src/promises.ts';
const exists = (file: string) => existsSync(path.join(ROOT, file));

/** The source files under a copy source (a folder's .ts and .tsx files, or the file itself); never the registry. */
function filesOf(source: string): string[] {
  const full = path.join(ROOT, source);
  if (!statSync(full).isDirectory()) return [source];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.posix.join(source, name.split(path.sep).join('/')))
    .filter((file) => file !== REGISTRY);
}

/** The copy's lines, without comments (which may speak of a promise without making one). */
const COPY_LINES = PROMISE_COPY_SOURCES.flatMap(filesOf).flatMap((file) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ where: `${file}:${i + 1}`, text }))
    .filter(({ text }) => !/^\s*(?:\/\/|\/\*|\*|\{\/\*)/.test(text)),
);

/** Where a pattern matches in a text: each match's start and end. */
const spansOf = (pattern: RegExp, text: string) =>
  [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))].map(
    (m) => [m.index, m.index + m[0].length] as const,
  );

/** The promise-like phrases of `text` (PROMISE_MARKERS) that no registry phrase overlaps. */
function unlistedPromises(text: string, phrases: readonly RegExp[]): string[] {
  const listed = phrases.flatMap((phrase) => spansOf(phrase, text));
  return PROMISE_MARKERS.flatMap((marker) => spansOf(marker, text))
    .filter(([start, end]) => !listed.some(([from, to]) => from < end && start < to))
    .map(([start, end]) => text.slice(start, end));
}

describe('the promises registry', () => {
  it('gives every promise a unique id, its words, and at least one mechanism and one test', () => {
    const ids = SITE_PROMISES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const promise of SITE_PROMISES) {
      expect(promise.id, promise.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(promise.promise.trim(), promise.id).not.toBe('');
      expect(promise.copy.length, `${promise.id} names no copy`).toBeGreaterThan(0);
      expect(promise.mechanism.length, `${promise.id} has no mechanism`).toBeGreaterThan(0);
      expect(promise.tests.length, `${promise.id} has no test`).toBeGreaterThan(0);
    }
  });

  it('names mechanisms and tests that exist, and each test names the promise it keeps', () => {
    for (const promise of SITE_PROMISES) {
      for (const file of promise.mechanism) expect(exists(file), `${promise.id}: no ${file}`).toBe(true);
      for (const file of promise.tests) {
        expect(exists(file), `${promise.id}: no test ${file}`).toBe(true);
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        expect(text.includes(promise.id), `${file} does not name the promise "${promise.id}" it keeps`).toBe(true);
      }
    }
  });

  it('finds each promise stated in the copy (an entry whose copy is gone is stale)', () => {
    for (const promise of SITE_PROMISES)
      for (const phrase of promise.copy)
        expect(
          COPY_LINES.some(({ text }) => phrase.test(text)),
          `${promise.id}: ${phrase} is in no copy`,
        ).toBe(true);
  });

  it('lists every promise the copy makes: a promise-like phrase without an entry fails', () => {
    const phrases = SITE_PROMISES.flatMap((promise) => promise.copy);
    const unlisted = COPY_LINES.filter(({ text }) => unlistedPromises(text, phrases).length > 0).map(
      ({ where, text }) => `${where}: ${unlistedPromises(text, phrases).join(' / ')} in "${text.trim()}"`,
    );
    expect(unlisted, 'promises in the copy without a mechanism: add them to the registry').toEqual([]);
  });

  it('judges each promise of a line, not the line: a second promise beside a listed one still fails', () => {
    const phrases = SITE_PROMISES.flatMap((promise) => promise.copy);
    expect(unlistedPromises('Masters delivered by email within 48 hours of payment.', phrases)).toEqual([]);
    expect(
      unlistedPromises('Ready for every streaming platform, first time. Stems kept for 90 days.', phrases),
    ).toEqual(['kept for 90 days']);
  });

  it('tells a promise from other copy', () => {
    const flagged = (text: string) => PROMISE_MARKERS.some((marker) => marker.test(text));
    expect(flagged('Your master arrives within 72 hours.')).toBe(true);
    expect(flagged('We keep your stems for {{stemDays}} days.')).toBe(true);
    expect(flagged('Lifetime guarantee on every master.')).toBe(true);
    expect(flagged('Sessions end this many hours after sign-in.')).toBe(false);
    expect(flagged('Days to weeks')).toBe(false);
  });
});
