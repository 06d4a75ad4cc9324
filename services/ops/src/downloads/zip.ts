import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

// The one zip writer of downloads: ordered entries in, a stream out: an order's masters and its release
// pack, and a release's files in running order with its cue sheet, all written alike.

/** One file of a zip: its name inside the archive and its bytes (a stream, or text such as a cue sheet). */
export type ZipEntry = { name: string; data: Readable | string };

/** `name`, or `name (2)`, `name (3)`... when an earlier entry already took it (two tracks may share a name). */
function uniqueName(name: string, used: Set<string>): string {
  const ext = path.extname(name);
  let unique = name;
  for (let n = 2; used.has(unique); n++) unique = `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
  used.add(unique);
  return unique;
}

/**
 * A zip of `entries` in the order given, streamed as it is built (stored, not compressed: audio barely
 * shrinks and the customer gets bytes at once). Errors of any entry end the stream with that error.
 */
export async function zipStream(entries: readonly ZipEntry[]): Promise<Readable> {
  // archiver is loaded at the first archive, not when the service starts (a quarter of a second of start-up).
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ store: true });
  const used = new Set<string>();
  for (const entry of entries) zip.append(entry.data, { name: uniqueName(entry.name, used) });
  void zip.finalize();
  // archiver's streams are readable-stream's, which Koa does not recognise as a body: hand it a core stream.
  const body = new PassThrough();
  zip.on('error', (err) => body.destroy(err));
  return zip.pipe(body);
}
