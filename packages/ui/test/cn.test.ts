import { createTailwindMerge, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { sourceClasses, usedClassGroups } from '../build/tailwind-merge-config';
import { cn } from '../src/lib/cn';
import { tailwindMergeConfig } from '../src/lib/tailwind-merge-config';

// `cn` merges with tailwind-merge's configuration cut down to the class groups the apps use
// (src/lib/tailwind-merge-config.ts, written by build/tailwind-merge-config.ts). It must answer as the
// default configuration does for every class a source can hand it.
const classes = sourceClasses();

/** The pairs of `firsts` and `classes` (each with itself too) that `merge` answers differently from twMerge. */
function mismatches(merge: (...names: string[]) => string, firsts = classes): string[] {
  const found: string[] = [];
  for (const first of firsts)
    for (const second of classes) {
      const expected = twMerge(first, second);
      if (merge(first, second) !== expected) found.push(`${first} ${second} -> ${expected}`);
    }
  return found;
}

describe('cn', () => {
  it('finds the classes of every app in the sources', () => {
    expect(classes.length).toBeGreaterThan(300);
    for (const name of ['flex', 'px-4', 'text-muted-foreground', 'hover:bg-accent', 'md:grid-cols-2'])
      expect(classes).toContain(name);
  });

  it('knows every class group the sources use (else run `npx tsx packages/ui/build/tailwind-merge-config.ts`)', () => {
    const known = Object.keys(tailwindMergeConfig().classGroups);
    expect([...usedClassGroups()].filter((group) => !known.includes(group))).toEqual([]);
  });

  // About 370,000 pairs: 5 s on an idle core, so a generous bound for a busy machine.
  it('merges every pair of the sources’ classes as tailwind-merge’s default configuration does', {
    timeout: 180_000,
  }, () => {
    expect(mismatches(cn)).toEqual([]);
  });

  it('keeps the later class of a conflicting pair and both of unrelated ones', () => {
    expect(cn('px-2 py-1', 'p-3')).toBe('p-3');
    expect(cn('text-sm font-medium', 'text-lg')).toBe('font-medium text-lg');
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe('hover:bg-primary/90 bg-destructive');
    expect(cn('block', false, undefined, 'hidden')).toBe('hidden');
  });

  // The comparison above is what keeps the cut configuration honest: without a group the sources
  // use, its classes no longer override each other and the comparison says so.
  it('would notice a class group missing from the cut configuration', () => {
    const config = tailwindMergeConfig();
    const { p: _dropped, ...classGroups } = config.classGroups;
    const withoutPadding = createTailwindMerge(
      () => ({ ...config, classGroups }) as ReturnType<typeof tailwindMergeConfig>,
    );
    const padding = classes.filter((name) => /^p-/.test(name));
    expect(mismatches(withoutPadding, padding)).toContain('p-4 p-6 -> p-6');
  });
});
