import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

// Services and libraries reach tables through the models of packages/db (`Model.query(knex)`), and
// every write of `sessions` goes through the Session model's functions. The lint gate's GritQL rule
// (lint/no-raw-table-query.grit) says the same at edit time; this test keeps it true without Biome.

const ROOT = join(import.meta.dirname, '../../..');

/** A table named by a string where a model should be: `knex('orders')`, `trx("uploads as u")`, `.from('users')`. */
const RAW_TABLE = /\b(?:knex|trx|db|tx)\(\s*['"`][a-zA-Z_]+|(?<!Buffer)\.(?:from|into|table)\(\s*['"`][a-zA-Z_]+/;
/** A write of sessions through a query rather than the Session model's functions. */
const SESSION_WRITE = /Session\.query\([^)]*\)[^;]*\.(?:insert|patch|update|delete|deleteById)\(/s;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const serviceSources = () =>
  ['services', 'packages']
    .flatMap((top) => readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name, 'src')))
    .filter((src) => !src.includes(join('packages', 'db')))
    .flatMap((src) => {
      try {
        return sources(src);
      } catch {
        return [];
      }
    })
    .map((path) => ({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

it('no service names a table in a raw query', () => {
  const offenders = serviceSources().flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => (RAW_TABLE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
  expect(offenders).toEqual([]);
});

it('only the Session model writes sessions', () => {
  const offenders = serviceSources()
    .filter(({ text }) => SESSION_WRITE.test(text) || /['"`]sessions['"`]/.test(text))
    .map(({ path }) => path);
  expect(offenders).toEqual([]);
});
