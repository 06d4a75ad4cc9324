// `npx tsx packages/ui/build/tailwind-merge-config.ts`: writes packages/ui/src/lib/tailwind-merge-config.ts,
// the part of tailwind-merge's default configuration this codebase's classes use. Every page loads `cn`
// (packages/ui/src/lib/cn.ts); with the whole default configuration (379 class groups) tailwind-merge
// was 7.3 KB brotli of the first load. The classes are read from the apps' sources, as Tailwind itself
// finds them; test/cn.test.ts fails when a source uses a class group the written file lacks, and runs
// every pair of those classes through both configurations expecting the same answer.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Config,
  type DefaultClassGroupIds,
  type DefaultThemeGroupIds,
  getDefaultConfig,
  validators,
} from 'tailwind-merge';
// Used here only, at build time: the same lookups twMerge runs, to name the group of a class.
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

type DefaultConfig = Config<DefaultClassGroupIds, DefaultThemeGroupIds>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the front-end apps' sources are: every class `cn` can be given (and every shared name an app imports) is written in one of them. */
export const CLASS_SOURCES = [
  'shell/src',
  'mf-storefront/src',
  'mf-admin-ops/src',
  'mf-admin-content/src',
  'mf-admin-email/src',
  'packages/ui/src',
];

/** The file this script writes. */
export const CONFIG_FILE = path.join(repoRoot, 'packages/ui/src/lib/tailwind-merge-config.ts');

/**
 * Every Tailwind class in the apps' sources: each word of each string literal that the default
 * configuration places in a class group (other words, such as texts, are left out).
 */
export function sourceClasses(root = repoRoot): string[] {
  const lookup = classGroupLookup(getDefaultConfig());
  const words = new Set<string>();
  for (const dir of CLASS_SOURCES)
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.endsWith(CONFIG_FILE_NAME)) continue;
      const source = readFileSync(path.join(root, dir, file), 'utf8');
      // Quoted strings on one line, template literals over several (escapes kept inside).
      for (const [, , quoted, template] of source.matchAll(/(['"])((?:\\.|(?!\1)[^\\\n])*)\1|`((?:\\.|[^\\`])*)`/g))
        for (const word of (quoted ?? template ?? '').split(/[\s${}]+/)) if (word) words.add(word);
    }
  return [...words].filter((word) => lookup(word).length > 0).sort();
}

const CONFIG_FILE_NAME = path.basename(CONFIG_FILE);

/** The class groups of a class under `config` (a class with a postfix such as `text-sm/6` may name two). */
export function classGroupLookup(config: DefaultConfig): (className: string) => string[] {
  const { getClassGroupId } = createClassGroupUtils(config);
  const parse = createParseClassName(config);
  return (className) => {
    const { baseClassName, maybePostfixModifierPosition, isExternal } = parse(className);
    if (isExternal) return [];
    const withoutPostfix = maybePostfixModifierPosition
      ? baseClassName.substring(0, maybePostfixModifierPosition)
      : baseClassName;
    const ids = [getClassGroupId(withoutPostfix), getClassGroupId(baseClassName)];
    return [...new Set(ids.filter((id): id is string => Boolean(id)))];
  };
}

/**
 * The class groups of the configuration the apps' classes belong to (an arbitrary property such as
 * `[--anchor-gap:4px]` is a group of its own that needs no configuration).
 */
export function usedClassGroups(root = repoRoot): Set<string> {
  const config = getDefaultConfig();
  const lookup = classGroupLookup(config);
  return new Set(
    sourceClasses(root)
      .flatMap(lookup)
      .filter((group) => group in config.classGroups),
  );
}

/** The source of tailwind-merge-config.ts for the given class groups: the default configuration cut down to them. */
export function configSource(groups: ReadonlySet<string>): string {
  const config = getDefaultConfig();
  const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const usedValidators = new Set<string>();
  const themeKeys = new Set<string>();
  const literal = (value: unknown): string => {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'function') {
      const getter = value as { isThemeGetter?: boolean; themeKey?: string };
      if (getter.isThemeGetter) {
        themeKeys.add(getter.themeKey!);
        return `fromTheme(${JSON.stringify(getter.themeKey)})`;
      }
      const name = validatorNames.get(value);
      if (!name) throw new Error(`tailwind-merge's configuration holds a function that is not a validator: ${value}`);
      usedValidators.add(name);
      return name;
    }
    if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
    return `{ ${Object.entries(value as object)
      .map(([key, item]) => `${JSON.stringify(key)}: ${literal(item)}`)
      .join(', ')} }`;
  };
  const kept = <T>(record: Partial<Record<string, T>>) =>
    Object.entries(record).filter(([group]) => groups.has(group)) as [string, T][];
  const classGroups = kept(config.classGroups).map(
    ([group, definition]) => `    ${JSON.stringify(group)}: ${literal(definition)},`,
  );
  const narrowed = (record: Partial<Record<string, readonly string[]>>) =>
    kept(record)
      .map(([group, others]) => [group, others.filter((other) => groups.has(other))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([group, others]) => `    ${JSON.stringify(group)}: ${JSON.stringify(others)},`);
  const theme = [...themeKeys]
    .sort()
    .map((key) => `    ${JSON.stringify(key)}: ${literal(config.theme[key as DefaultThemeGroupIds])},`);
  return `// Written by packages/ui/build/tailwind-merge-config.ts from tailwind-merge's default configuration: do not edit.
// Only the class groups the apps' classes use (see there); test/cn.test.ts holds it to the default's answers.
import { fromTheme, validators } from 'tailwind-merge';

const { ${[...usedValidators].sort().join(', ')} } = validators;

/** tailwind-merge's default configuration, cut down to the class groups this codebase uses. */
export const tailwindMergeConfig = () => ({
  cacheSize: ${config.cacheSize},
  theme: {
${theme.join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${narrowed(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${narrowed(config.conflictingClassGroupModifiers).join('\n')}
  },
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
});
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_FILE, configSource(usedClassGroups()));
  // Written as the lint gate wants it.
  execFileSync(path.join(repoRoot, 'node_modules/.bin/biome'), ['format', '--write', CONFIG_FILE], { stdio: 'ignore' });
  console.log(`wrote ${path.relative(repoRoot, CONFIG_FILE)}`);
}
