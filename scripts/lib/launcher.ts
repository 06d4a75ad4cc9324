// `npm start` runs scripts/start.ts from a bundle that this module writes (scripts/start.mjs decides
// when). Run through tsx, the launcher spent about a second of CPU compiling and resolving through
// tsx's loader hooks (every file of knex, objection and pg went through them) before PostgreSQL
// could even start; the bundle is plain JavaScript that Node loads by itself.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';
import { writeStamp } from './build-cache.mjs';
import { ROOT } from './paths';

/** Where the launcher's bundle and its stamp are written (node_modules: a fresh install starts afresh). */
export const LAUNCHER_DIR = path.join(ROOT, 'node_modules', '.cache', 'mastering-launcher');

// Besides the sources esbuild reports: what changes the bundle without being one of them.
const PIPELINE = ['package-lock.json', 'scripts/start.mjs', 'scripts/lib/launcher.ts'];

/**
 * Keeps the launcher's modules as they run under tsx: npm packages are imported from node_modules by
 * the path the source would resolve (a workspace's own node_modules included), and `import.meta.url` is
 * each source file's own URL, which code uses to find files beside it (the repository root, PostgreSQL's
 * binaries).
 */
const asRunFromSource: Plugin = {
  name: 'as-run-from-source',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@mastering/') || args.path.startsWith('node:') || args.pluginData?.inner) return;
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { inner: true },
      });
      return { path: found.errors.length ? args.path : pathToFileURL(found.path).href, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        define: { 'import.meta.url': JSON.stringify(pathToFileURL(args.path).href) },
      });
      return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * Bundles scripts/start.ts into LAUNCHER_DIR (start.mjs, plus chunks loaded on demand) and stamps it with its
 * inputs and the folder it was built in (it imports packages by absolute path), which scripts/start.mjs checks.
 */
export async function bundleLauncher(): Promise<void> {
  rmSync(LAUNCHER_DIR, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: [path.join(ROOT, 'scripts', 'start.ts')],
    outdir: LAUNCHER_DIR,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: ROOT,
    bundle: true,
    // A module loaded on demand (the local S3, with the AWS SDK) stays a chunk of its own, loaded then.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    metafile: true,
    plugins: [asRunFromSource],
  });
  const inputs = [...Object.keys(metafile.inputs).filter((input) => !input.includes(':')), ...PIPELINE];
  writeStamp(path.join(LAUNCHER_DIR, 'stamp.json'), ROOT, inputs);
}

// `node --import tsx scripts/lib/launcher.ts`: what scripts/start.mjs runs when the bundle is stale.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bundleLauncher();
