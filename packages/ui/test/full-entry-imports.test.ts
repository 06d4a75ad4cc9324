// The full entry `@mastering/ui` is a shared federation module, so it cannot be tree-shaken: whatever
// it imports, every page using one of its widgets (a dialog, a select) downloads and evaluates. The
// upload client (tus-js-client) and the email check bring zod and contracts' schemas, so they are
// entries of their own that each app bundles (`@mastering/ui/upload`, `@mastering/ui/email-health`).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The packages a source file's module graph imports (contracts, bundled into each app, is followed). */
async function packagesImportedBy(entry: string): Promise<string[]> {
  const imported = new Set<string>();
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-imported',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
            if (path === '@mastering/contracts') return undefined;
            imported.add(path);
            return { path, external: true };
          });
        },
      },
    ],
  });
  return [...imported];
}

const heavy = (names: string[]) => names.filter((name) => /^(zod|tus-js-client)(\/|$)/.test(name));

describe('@mastering/ui full entry', () => {
  it('brings neither the upload client nor zod', async () => {
    const imported = await packagesImportedBy('../src/index.ts');
    expect(imported).toContain('@headlessui/react');
    expect(heavy(imported)).toEqual([]);
  });

  it('leaves them to the entries that need them', async () => {
    expect(heavy(await packagesImportedBy('../src/api/uploads.ts')).sort()).toEqual(['tus-js-client', 'zod']);
    expect(heavy(await packagesImportedBy('../src/api/email-health.ts'))).toEqual(['zod']);
  });
});
