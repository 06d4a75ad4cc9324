import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { isFresh, writeStamp } from './build-cache.mjs';
import { bin, FRONTEND_APPS, ROOT } from './paths';
import { bundleServices } from './services';

// What a front-end build reads besides its workspaces' files: the installed versions and this
// pipeline itself. Everything else is derived from the package.json files (see buildInputs).
const PIPELINE_INPUTS = [
  'package-lock.json',
  'scripts/lib/build.ts',
  'scripts/lib/build-cache.mjs',
  'scripts/prerender.ts',
];
const STAMP = '.build-stamp';

type PackageJson = {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const readPackage = (dir: string): PackageJson =>
  existsSync(path.join(dir, 'package.json')) ? JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) : {};

/**
 * The folders an app's build reads: the app's own workspace and every workspace it depends on,
 * directly or through another (shell -> @mastering/ui -> @mastering/contracts), from the root
 * package.json's workspace list and each one's dependencies. Nothing here is kept by hand.
 */
export function buildInputs(app: string, root = ROOT): string[] {
  const byName = new Map<string, string>();
  for (const dir of readPackage(root).workspaces ?? []) {
    const name = readPackage(path.join(root, dir)).name;
    if (name) byName.set(name, dir);
  }
  const folders = new Set<string>();
  const visit = (dir: string) => {
    if (folders.has(dir)) return;
    folders.add(dir);
    const pkg = readPackage(path.join(root, dir));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
      const folder = byName.get(dep);
      if (folder) visit(folder);
    }
  };
  visit(app);
  return [...[...folders].sort(), ...PIPELINE_INPUTS];
}

/** Every file of an app's build inputs (buildInputs), relative to `root`: the workspaces' but node_modules and dist. */
export function inputFiles(app: string, root = ROOT): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((e) => e.name !== 'node_modules' && e.name !== 'dist')
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return buildInputs(app, root).flatMap((input) =>
    PIPELINE_INPUTS.includes(input) ? [input] : existsSync(path.join(root, input)) ? walk(input) : [],
  );
}

const stampOf = (app: string) => path.join(ROOT, app, 'dist', STAMP);

/** Runs a production build step (`args` to tsx, in `dir`), its output shown only when it fails. */
function runStep(what: string, dir: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('tsx'), args, {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Aborting (a stop during `npm start`) ends the build (SIGTERM) instead of waiting minutes for it.
      signal,
    });
    child.on('error', () => undefined); // the abort is reported through 'exit' below
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else if (signal?.aborted) reject(new Error(`${what} stopped`));
      else reject(new Error(`${what} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

const runBuild = (app: string, signal?: AbortSignal) =>
  runStep(`build of ${app}`, path.join(ROOT, app), ['../packages/ui/build/cli.ts', 'build'], signal);

/**
 * Writes the prerendered pages (scripts/prerender.ts) into the shell's dist and compresses them. They
 * are made of the shell's and the storefront's builds (markup and stylesheets), so after any build.
 */
async function prerenderPages(signal?: AbortSignal): Promise<void> {
  await runStep('prerender', ROOT, ['--import', './scripts/lib/asset-stubs.ts', 'scripts/prerender.ts'], signal);
  await precompress(path.join(ROOT, 'shell', 'dist', 'prerendered'));
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|json|svg|map)$/;

/**
 * Brotli at its best (quality 11, told the size): done once per build, it makes the first load's
 * files about 2 % smaller than quality 10 (3 KB of `/`) for a few seconds of build time.
 */
export const BROTLI_PARAMS = (size: number) => ({
  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
  [zlib.BROTLI_PARAM_SIZE_HINT]: size,
});

/**
 * Writes `.br` and `.gz` siblings of every text asset over 1 KB in `dir`, once at build time, so the
 * gateway serves compressed files without spending CPU per request (koa-send picks them up).
 */
export async function precompress(dir: string): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const body = readFileSync(file);
      if (body.length < 1024) return;
      const [br, gz] = await Promise.all([
        brotli(body, { params: BROTLI_PARAMS(body.length) }),
        gzipAsync(body, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }),
  );
}

/**
 * Builds the shell and the remotes whose sources changed since their last build (all of them with
 * `force`), two at a time (the machines have two cores). Reports each build with its duration.
 * Aborting `signal` stops the running builds and starts no more.
 */
export async function buildApps({
  force = false,
  log = console.log,
  signal,
}: {
  force?: boolean;
  log?: (line: string) => void;
  signal?: AbortSignal;
} = {}) {
  const pending = FRONTEND_APPS.map((app) => ({ app, files: inputFiles(app) })).filter(
    ({ app, files }) => force || !isFresh(stampOf(app), ROOT, files),
  );
  if (pending.length === 0) return [];
  log(`Building ${pending.map((p) => p.app).join(', ')}…`);
  const queue = [...pending];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      signal?.throwIfAborted();
      const started = Date.now();
      await runBuild(next.app, signal);
      await precompress(path.join(ROOT, next.app, 'dist'));
      writeStamp(stampOf(next.app), ROOT, next.files);
      log(`  built ${next.app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
  const started = Date.now();
  await prerenderPages(signal);
  log(`  prerendered the public pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return pending.map((p) => p.app);
}

/** Everything the journeys' stacks run, built where stale: the five apps and the service bundles. */
export const buildSite = () => Promise.all([buildApps(), bundleServices()]);
