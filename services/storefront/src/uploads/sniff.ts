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

/**
 * Reads up to `bytes` from the start of `source` without losing them: answers those bytes and a stream
 * of the whole body, which is `source` itself with them put back (unless it already ended). No stream
 * sits between the socket and the storage, so a 500 MB body costs no more per chunk than a plain pipe.
 */
function peek(source: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => source.off('readable', onReadable).off('end', onEnd).off('error', onError).off('close', onClose);
    const onReadable = () => {
      for (let chunk: Buffer | null; length < bytes && (chunk = source.read()) !== null; length += chunk.length)
        chunks.push(chunk);
      if (length < bytes) return;
      stop();
      const head = Buffer.concat(chunks, length);
      source.unshift(head);
      resolve({ head, body: source });
    };
    // Shorter than `bytes`: the whole body is in hand, and an ended stream takes nothing back.
    const onEnd = () => {
      stop();
      const head = Buffer.concat(chunks, length);
      resolve({ head, body: Readable.from([head], { objectMode: false }) });
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // A client that goes away mid-head may close the stream without an error: the upload fails all the same.
    const onClose = () =>
      onError(Object.assign(new Error('The upload was cut off'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    source.on('readable', onReadable).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/**
 * Sniffs a body that is arriving: its first bytes decide the format before anything is stored. Answers
 * the format (null: not audio, store nothing) and the body to store, which still starts at byte 0.
 */
export async function sniffAudio(source: Readable): Promise<{ format: AudioFormat | null; body: Readable }> {
  const { head, body } = await peek(source, SNIFF_BYTES);
  return { format: audioFormatOf(head), body };
}
