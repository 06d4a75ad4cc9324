import { Readable } from 'node:stream';
import type { AudioFormat } from '@mastering/contracts';
// The analyser's own sniffer, so an upload is accepted on exactly the format ffmpeg will later be
// allowed to open it as (ISO media files of any brand count as M4A; an ID3 tag is looked past).
import { SNIFF_BYTES, sniffAudioFormat } from '@mastering/storage';

export { SNIFF_BYTES };

/** The audio format the first bytes of a file show, or null when they are none of ours (synchronous: no library to await since the one sniffer is ours). */
export function audioFormatOf(head: Uint8Array): AudioFormat | null {
  return sniffAudioFormat(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
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
  return { format: audioFormatOf(head), body };
}
