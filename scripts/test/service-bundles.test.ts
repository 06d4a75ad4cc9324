import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../lib/services';

/** The workspace sources and the npm packages a service's bundle loads. */
async function loadedBy(name: 'storefront' | 'ops') {
  const { metafile } = await build({ ...bundleOptions(name), write: false, metafile: true, sourcemap: false });
  const sources = Object.keys(metafile.inputs);
  const packages = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.external).map((i) => i.path),
  );
  return { sources, packages };
}

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
});
