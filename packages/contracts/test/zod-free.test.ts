import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The modules `file` loads at run time (type-only imports are erased), itself included, followed through relative imports. */
function runtimeModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(path.join(src, file), 'utf8');
  for (const [, typeOnly, from] of source.matchAll(/^import\s+(type\s)?[^;]*?from\s+'([^']+)';/gms)) {
    if (typeOnly) continue;
    seen.add(from);
    if (from.startsWith('./')) runtimeModules(`${from.slice(2)}.ts`, seen);
  }
  return seen;
}

// The shell, the home page and the order page take their lists, labels, texts and formatting from these modules; a
// zod import in any of them (or what they import) puts zod (24 KB brotli) back into every first load.
describe('the contracts the first load takes', () => {
  it.each([
    'enums.ts',
    'constants.ts',
    'messages.ts',
    'legal-pages.ts',
    'format.ts',
    'audio-formats.ts',
    'order-page.ts',
  ])('%s loads no zod', (file) => {
    expect([...runtimeModules(file)]).not.toContain('zod');
  });
});
