import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

/** One file of a zip: the name it is stored under (folders with "/") and its bytes. */
export type ZipEntry = { name: string; stream: Readable };

/** `name`, or "name (2).ext", "name (3).ext"... when an earlier entry took it. */
function uniqueName(name: string, used: Set<string>): string {
  const ext = path.extname(name);
  let unique = name;
  for (let n = 2; used.has(unique); n++) unique = `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
  used.add(unique);
  return unique;
}

/**
 * A zip of `entries` in the order given, streamed as it is built: stored, not compressed (audio barely
 * shrinks and the customer gets bytes at once). Two entries of one name both stay ("Song (2).wav").
 * The one zip builder of downloads: an order's masters and pack, and a release's files in running order.
 */
export async function zipStream(entries: readonly ZipEntry[]): Promise<Readable> {
  // archiver is loaded at the first archive, not when the service starts (a quarter of a second of start-up).
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ store: true });
  const used = new Set<string>();
  for (const entry of entries) zip.append(entry.stream, { name: uniqueName(entry.name, used) });
  void zip.finalize();
  // archiver's streams are readable-stream's, which Koa does not recognise as a body: hand it a core stream.
  const body = new PassThrough();
  zip.on('error', (err) => body.destroy(err));
  return zip.pipe(body);
}
