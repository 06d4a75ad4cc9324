import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions, SERVICES, type ServiceName } from '../lib/services';

/** The workspace sources a service's bundle holds, and the npm packages it loads at start and on demand. */
async function loadedBy(name: ServiceName) {
  const { metafile } = await build({ ...bundleOptions(name), write: false, metafile: true, sourcemap: false });
  const sources = Object.keys(metafile.inputs);
  const external = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external));
  const packages = external.map((i) => i.path);
  const atStart = external.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  const onDemand = external.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
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
