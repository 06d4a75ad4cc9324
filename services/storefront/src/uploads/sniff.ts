import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { AudioFormat } from '@mastering/contracts';

/** How many leading bytes decide an upload's format (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

// file-type's names for the formats an upload may be. ISO media files (`mp4`: brands such as mp42 or
// isom, which some phones and encoders write into .m4a files) are taken as M4A audio.
const FORMAT_OF: Readonly<Record<string, AudioFormat>> = { wav: 'wav', aif: 'aiff', flac: 'flac', mp3: 'mp3', m4a: 'm4a', mp4: 'm4a' };

/** The audio format the first bytes of a file show (magic numbers via file-type), or null when they are none of ours. */
export async function audioFormatOf(head: Uint8Array): Promise<AudioFormat | null> {
  const detected = await fileTypeFromBuffer(head);
  return (detected && FORMAT_OF[detected.ext]) ?? null;
}

/** Reads up to `bytes` from the start of `source` without losing them: answers those bytes and a stream of the whole body. */
async function peek(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    yield head;
    // Continues the same iterator: destroying the returned stream destroys the source too.
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
  }
  return { head, body: Readable.from(whole(), { objectMode: false }) };
}

/**
 * Sniffs a body that is arriving: its first bytes decide the format before anything is stored. Answers
 * the format (null: not audio, store nothing) and the body to store, which still starts at byte 0.
 */
export async function sniffAudio(source: Readable): Promise<{ format: AudioFormat | null; body: Readable }> {
  const { head, body } = await peek(source, SNIFF_BYTES);
  return { format: await audioFormatOf(head), body };
}
