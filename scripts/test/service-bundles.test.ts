import { isBuiltin } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../lib/build-cache.mjs';
import {
  bundleManifest,
  bundleInputs,
  KEPT_EXTERNAL,
  mapOwnCodeOnly,
  SERVICES,
  UNUSED_DRIVERS,
  type ServiceName,
} from '../lib/services';

// Each service's bundle is read once for the whole file (its sources cannot change while the file runs):
// from the manifest kept beside a fresh bundle (npm test builds first), else from an esbuild build in
// memory, a second or two of CPU a service, and the checks below need each of them up to three times.
const builds = new Map<ServiceName, ReturnType<typeof bundleContents>>();

/** What `name`'s bundle holds (see bundleContents), read on first use. */
function loadedBy(name: ServiceName) {
  let contents = builds.get(name);
  if (!contents) builds.set(name, (contents = bundleContents(name)));
  return contents;
}

/** The workspace sources a service's bundle holds, and the npm packages it loads at start and on demand. */
async function bundleContents(name: ServiceName) {
  const { inputs: sources, imports } = await bundleManifest(name);
  const packages = imports.map((i) => i.path);
  const atStart = imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const onDemand = imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
  return { sources, packages, atStart, onDemand };
}

// Big packages a request needs rarely (a PDF invoice, an S3 call, a mail's MJML, an image, a zip): each
// costs 0.2-0.7 s of CPU when a service starts, and five services start at once on two cores.
const LOADED_ON_FIRST_USE = /^(pdfkit|@aws-sdk\/|mjml$|html-to-text$|sharp$|archiver$)/;

describe('service bundles', () => {
  // Decoding is CPU-heavy and ffmpeg parses hostile files: only the ops worker may load it. The
  // storefront queues the analysis through @mastering/jobs and sniffs uploads with @mastering/storage.
  it('keep the audio decoder out of the storefront', async () => {
    const storefront = await loadedBy('storefront');
    expect(storefront.sources.filter((file) => file.includes('packages/audio-analysis/'))).toEqual([]);
    expect(storefront.packages.filter((pkg) => pkg.startsWith('node-av'))).toEqual([]);
    // The check itself sees the decoder where it is loaded.
    expect(
      (await loadedBy('ops')).sources.some((file) => file.includes('packages/audio-analysis/src/decoders.ts')),
    ).toBe(true);
  });

  it('load the big, rarely needed packages on first use, not at start', async () => {
    const bundles = await Promise.all(SERVICES.map(async (name) => ({ name, ...(await loadedBy(name)) })));
    for (const { name, atStart } of bundles) {
      expect({ name, atStart: atStart.filter((pkg) => LOADED_ON_FIRST_USE.test(pkg)) }).toEqual({ name, atStart: [] });
    }
    // The check sees them where they are used: invoices, mail, media, S3, archives.
    const onDemand = (name: ServiceName) => bundles.find((b) => b.name === name)!.onDemand;
    expect(onDemand('email')).toEqual(expect.arrayContaining(['pdfkit', 'mjml', 'html-to-text']));
    expect(onDemand('content')).toEqual(expect.arrayContaining(['sharp', '@aws-sdk/client-s3']));
    expect(onDemand('ops')).toEqual(expect.arrayContaining(['pdfkit', 'archiver', '@aws-sdk/lib-storage']));
  });
});

describe('a service bundle', () => {
  it('compiles its npm packages in, leaving out only the rarely needed, native and uninstalled ones', async () => {
    const kept = new RegExp(
      `^(${[...KEPT_EXTERNAL, ...UNUSED_DRIVERS].map((p) => p.replace('*', '.*')).join('|')})(/|$)`,
    );
    for (const name of SERVICES) {
      const { packages, sources } = await loadedBy(name);
      const external = packages.filter((pkg) => !isBuiltin(pkg) && !kept.test(pkg));
      expect({ name, external }).toEqual({ name, external: [] });
      // What the services load at every start is inside: the web framework, the database layer, zod.
      expect(sources.some((file) => file.startsWith('node_modules/koa/'))).toBe(true);
      expect(sources.some((file) => file.startsWith('node_modules/knex/'))).toBe(true);
    }
  });

  it('is rebuilt when one of its inputs or the lockfile changes, and kept otherwise', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bundle-inputs-'));
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    writeFileSync(path.join(root, 'a.ts'), 'export const a = 1;');
    writeFileSync(path.join(root, 'b.ts'), 'export const b = 2;');
    const inputs = bundleInputs(['a.ts', 'b.ts']);
    const inputsDigest = (files: string[], root: string) => contentHash(root, files);
    const built = inputsDigest(inputs, root);
    expect(inputsDigest(inputs, root)).toBe(built);

    writeFileSync(path.join(root, 'b.ts'), 'export const b = 3;');
    utimesSync(path.join(root, 'b.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    const edited = inputsDigest(inputs, root);
    expect(edited).not.toBe(built);

    // npm writes every package file with the same old mtime: a new version is seen through the lockfile.
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    expect(inputsDigest(inputs, root)).not.toBe(edited);

    rmSync(path.join(root, 'a.ts'));
    expect(inputsDigest(inputs, root)).not.toBe(inputsDigest(bundleInputs(['b.ts']), root));
    rmSync(root, { recursive: true });
  });
});

describe("a service bundle's source map", () => {
  it('maps our own code only, so the first stack trace does not parse every package', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-map-'));
    const file = path.join(dir, 'server.mjs.map');
    // Line 1 from a package, line 2 from our code, line 3 from both.
    const mappings = encode([
      [[0, 0, 10, 0]],
      [[0, 1, 5, 2]],
      [
        [0, 0, 11, 0],
        [8, 1, 6, 0],
      ],
    ]);
    writeFileSync(
      file,
      JSON.stringify({
        version: 3,
        sources: ['../../../node_modules/koa/lib/application.js', '../src/server.ts'],
        names: [],
        mappings,
      }),
    );
    mapOwnCodeOnly(file);
    const map = JSON.parse(readFileSync(file, 'utf8'));
    expect(decode(map.mappings)).toEqual([[], [[0, 1, 5, 2]], [[8, 1, 6, 0]]]);
    rmSync(dir, { recursive: true });
  });
});
