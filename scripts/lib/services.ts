import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { isFresh, readStamp, writeStamp } from './build-cache.mjs';
import { ROOT } from './paths';
import { SERVICE_PORTS, type ServiceName } from '@mastering/service-kit/ports';

export type { ServiceName };
/** The back-end processes built from services/<name>/src/server.ts (the Yoco sandbox only runs locally). */
export const SERVICES = Object.keys(SERVICE_PORTS) as ServiceName[];

/** Where a service's bundle is written and run from. */
export const serviceBundle = (name: ServiceName) => path.join(ROOT, 'services', name, 'dist', 'server.mjs');

/**
 * Node's flags for every service, wherever it runs (`npm start`, the tests, docker-compose.yml, the k8s
 * manifests and the image, which docker-compose.test.ts holds to this list):
 * - source maps keep stack traces pointing at the .ts files;
 * - a 64 MB old generation before the first full GC. After its start-up a service's heap is about 20 MB,
 *   and V8 then set its next full GC only about 16 MB later, counting the sockets' and files' buffers
 *   (memory outside the heap) in those 16 MB: a 500 MB upload started a full GC every 16-28 MB, 7-18 of
 *   them, and the storefront spent 0.69-0.98 s of user CPU storing it. With this, 1-3 full GCs and
 *   0.20-0.45 s (`npm run bench`). A flag on the command line only: V8 sizes its heap before any code runs.
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--initial-old-space-size=64'] as const;

/** The command line that runs a built service. */
export const serviceCommand = (name: ServiceName) => ({
  command: process.execPath,
  args: [...SERVICE_NODE_FLAGS, serviceBundle(name)],
});

/**
 * Bundles each service with esbuild into one ES module: our TypeScript and the npm packages it uses
 * compiled in (but for `KEPT_EXTERNAL`), so a service starts without resolving and reading hundreds of
 * files from node_modules: about half the CPU of loading them one by one, with five services starting at
 * once on two cores. A bundle whose inputs are unchanged since it was written is kept (`force` rebuilds).
 */
export async function bundleServices(
  names: readonly ServiceName[] = SERVICES,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      if (!force && isBundleFresh(name)) return;
      const { metafile } = await build({ ...bundleOptions(name), metafile: true });
      mapOwnCodeOnly(`${serviceBundle(name)}.map`);
      const manifest = manifestOf(metafile);
      writeStamp(stampOf(name), ROOT, bundleInputs(manifest.inputs), manifest);
    }),
  );
}

/**
 * Drops the source map's mappings into npm packages, keeping those into our own code. Node parses a
 * bundle's whole map the first time it formats a stack trace: with every package mapped, that first
 * error (the database going away, say) held a service's event loop for seconds; our frames are the
 * ones worth mapping (a package's frames still show the bundle's line and column).
 */
export function mapOwnCodeOnly(mapFile: string): void {
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
  const ours = map.sources.map((source) => !source.includes('node_modules/'));
  map.mappings = encode(decode(map.mappings).map((line) => line.filter((segment) => ours[segment[1] ?? -1])));
  writeFileSync(mapFile, JSON.stringify(map));
}

/** What a service's bundle is made of: the files compiled into it and the packages it imports from node_modules. */
export type BundleManifest = {
  inputs: string[];
  /** Its external imports: `import-statement` ones load at start, `dynamic-import` ones on first use. */
  imports: { path: string; kind: string }[];
};

/** The manifest of a build's metafile. */
function manifestOf(metafile: Metafile): BundleManifest {
  return {
    inputs: Object.keys(metafile.inputs),
    imports: Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((i) => i.external).map(({ path, kind }) => ({ path, kind })),
    ),
  };
}

/**
 * The manifest of `name`'s bundle (scripts/test/service-bundles.test.ts checks it): the one kept beside a
 * fresh bundle, so a test after a build compiles nothing again; else that of a build in memory (nothing
 * written, as a test must not replace a bundle another one may be starting).
 */
export async function bundleManifest(name: ServiceName): Promise<BundleManifest> {
  if (isBundleFresh(name)) {
    const { inputs, imports } = readStamp(stampOf(name)) as unknown as BundleManifest;
    return { inputs, imports };
  }
  return manifestOf((await build({ ...bundleOptions(name), write: false, metafile: true, sourcemap: false })).metafile);
}

/** Beside each bundle: its stamp (build-cache.mjs), which keeps its manifest too. */
const stampOf = (name: ServiceName) => path.join(path.dirname(serviceBundle(name)), '.bundle-stamp');

/** A bundle's inputs for its stamp: the files compiled into it, the lockfile and this file (the build options). */
export const bundleInputs = (compiled: readonly string[]) => [
  ...compiled,
  'package-lock.json',
  path.relative(ROOT, fileURLToPath(import.meta.url)),
];

/** True when the bundle exists and the content of the files it was made from (and its options) is unchanged. */
const isBundleFresh = (name: ServiceName) => existsSync(serviceBundle(name)) && isFresh(stampOf(name), ROOT);

/**
 * npm packages a bundle leaves in node_modules: the big ones a request needs rarely (loaded on first use,
 * see scripts/test/service-bundles.test.ts) and native code.
 */
export const KEPT_EXTERNAL = [
  'pdfkit',
  '@aws-sdk/*',
  'mjml',
  'html-to-text',
  'sharp',
  'archiver',
  'node-av',
  '@seydx/*',
];

/**
 * The drivers knex (and pg) can load for other databases or modes, none installed, and node:sqlite
 * (undici asks for it only for a cache store, which the gateway does not use; Node 20 has none): left
 * external, so requiring one fails at run time exactly as it did before bundling instead of failing the bundle.
 */
export const UNUSED_DRIVERS = [
  'mysql',
  'mysql2',
  'mariadb',
  'sqlite3',
  'better-sqlite3',
  'tedious',
  'oracledb',
  'pg-native',
  'pg-query-stream',
  'node:sqlite',
];

/** How `bundleServices` builds one service (tests read its metafile to see what a service loads). */
export function bundleOptions(name: ServiceName): BuildOptions {
  return {
    entryPoints: [path.join(ROOT, 'services', name, 'src', 'server.ts')],
    outfile: serviceBundle(name),
    // The metafile's input paths are relative to this (see inputsDigest), whichever folder runs the build.
    absWorkingDir: ROOT,
    bundle: true,
    // No keepNames: it wraps every function the code creates in a call that redefines its `name`, per
    // request too (each closure a middleware makes), and the gateway spent 15 % more CPU per proxied
    // request with it (105-119 against 86-95 µs). Names stay as written, since identifiers are not
    // minified; only a symbol renamed for clashing with another module's (`Order2`) has its new name,
    // so nothing may tell errors apart by `name` (service-kit's toErrorResponse checks their classes).
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Without whitespace a bundle is a third smaller (ops 6.2 -> 4.2 MB), and V8 scans all of it at every
    // start: ops' CPU to its first answer 580 -> 470 ms (median of five, alone). Identifiers are not
    // minified; our frames still map to the .ts files through the source map, a package's frames point
    // into the bundle's long lines.
    minifyWhitespace: true,
    minifySyntax: true,
    // Stack traces need the mappings only; the sources are in the repository.
    sourcesContent: false,
    logLevel: 'warning',
    // The CommonJS packages compiled in call require() and read __dirname/__filename.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
        "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
      ].join(' '),
    },
    external: [...KEPT_EXTERNAL, ...UNUSED_DRIVERS],
  };
}
