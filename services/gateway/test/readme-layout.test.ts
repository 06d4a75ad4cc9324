import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTE_APPS } from '@mastering/contracts';
import { resolveService, ROUTES } from '../src/routes';
import { PAGE_ROUTES } from '../../../shell/src/page-routes';

// The README's "Where things live" is checked against what it describes (issue 52, docs that cannot drift): every
// workspace has its entry, every page is named in its remote's entry and every row of the gateway's path table in
// its service's entry. A page, route or workspace added without its line fails here.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const WORKSPACES = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces;

/** The layout block: the first fenced block under "## Where things live". */
function layoutBlock(): string[] {
  const section = README.slice(README.indexOf('## Where things live'));
  const fence = section.indexOf('```');
  return section.slice(section.indexOf('\n', fence) + 1, section.indexOf('```', fence + 3)).split('\n');
}

/**
 * The layout's entries by path (`services/gateway/`, `mf-storefront/`): an entry is a line that starts, at depth 0
 * or 1 (two spaces), with a name; its text runs on over the deeper-indented lines below it.
 */
function layoutEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  const parents: string[] = [];
  let current: string | null = null;
  for (const line of layoutBlock()) {
    const entry = /^( {0,2})([\w.-]+\/?)(?:\s{2,}(.*))?$/.exec(line);
    if (entry) {
      const depth = entry[1]!.length / 2;
      parents.length = depth;
      current = [...parents, entry[2]!].join('');
      parents.push(entry[2]!);
      entries.set(current, entry[3] ?? '');
    } else if (current) entries.set(current, `${entries.get(current)} ${line.trim()}`);
  }
  return entries;
}

/** `/payment/{success,failed}` -> `/payment/success`, `/payment/failed` (the layout's shorthand). */
function expandBraces(text: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(text);
  if (!brace) return [text];
  return brace[1]!
    .split(',')
    .flatMap((part) => expandBraces(text.slice(0, brace.index) + part + text.slice(brace.index + brace[0].length)));
}

/** The paths an entry names (`/api/orders/:id`, `/e/*`, `/payment/{success,failed}` expanded). */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w.])\/(?:[\w\-/:*{},.]*[\w*}])?/g)].flatMap((m) => expandBraces(m[0]));
}

/** A concrete path standing for a written one: parameters and wildcards become one segment. */
const concrete = (written: string) => written.replace(/:[\w]+/g, 'x').replace(/\*/g, 'x');

const entries = layoutEntries();
const entryOf = (key: string) => {
  const text = entries.get(key);
  if (text === undefined) throw new Error(`The README's "Where things live" has no entry ${key}`);
  return text;
};

describe('the README\'s "Where things live"', () => {
  it('has an entry for every workspace', () => {
    const missing = WORKSPACES.map((workspace) => `${workspace}/`).filter((key) => !entries.has(key));
    expect(missing).toEqual([]);
  });

  it("names every page in its remote's entry", () => {
    const missing = PAGE_ROUTES.filter((route) => {
      const app = REMOTE_APPS.find((remote) => remote.name === route.remote)!;
      return !pathsIn(entryOf(`${app.dir}/`)).includes(route.path);
    }).map((route) => route.path);
    expect(missing).toEqual([]);
  });

  it("names every row of the gateway's path table in its service's entry", () => {
    const missing = ROUTES.filter((row) => {
      const method = row.methods?.[0] ?? 'GET';
      const named = pathsIn(entryOf(`services/${row.service}/`)).map(concrete);
      return !named.some((p) => row.pattern.test(p) && resolveService(method, p) === row.service);
    }).map((row) => `${row.service}: ${row.methods?.join(',') ?? ''} ${row.pattern.source}`);
    expect(missing).toEqual([]);
  });

  it('leaves measured timings to the commands that print them', () => {
    // "Running in production" is kept by its own owner; the rest states settings, never measurements.
    const before = README.slice(0, README.indexOf('## Running in production'));
    const measured =
      /\babout \d[\d.,]* ?(?:ms|s|seconds?|minutes?)\b|\b\d[\d.]* ?(?:ms|s)? ?-> ?\d|went from|times (?:faster|slower)|\bunder a minute\b/g;
    expect(before.match(measured) ?? []).toEqual([]);
  });

  it('reads its entries and their paths as written', () => {
    expect(entries.has('services/gateway/')).toBe(true);
    expect(expandBraces('/payment/{success,cancelled}')).toEqual(['/payment/success', '/payment/cancelled']);
    expect(pathsIn('remote: /, /upload, /download/:token; /api/{a,b}/x')).toEqual([
      '/',
      '/upload',
      '/download/:token',
      '/api/a/x',
      '/api/b/x',
    ]);
  });
});
