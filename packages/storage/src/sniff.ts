// What an audio object is, from its first bytes alone (never its name or the type the browser sent): the
// analyser opens each file with the one demuxer its bytes call for (see READERS in
// packages/audio-analysis/src/decoders.ts), so a file cannot steer ffmpeg into another of its hundreds
// of demuxers (playlists that open other files, say).

// One sniffer for the whole site: the storefront accepts an upload on the same answer the analyser
// later opens it with. It lives with the storage (which also knows content types by key) rather than
// in the analyser, so the storefront takes uploads without depending on the decoder; it reads Node
// Buffers, which is why it is not in the browser-safe contracts.
import type { AudioFormat } from '@mastering/contracts';

/** How many leading bytes `sniffAudioFormat` wants: enough to look past a modest ID3 tag. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Buffer, from: number, length: number) => bytes.toString('latin1', from, from + length);

/**
 * An MPEG audio frame header at `at`: the 11-bit frame sync, a known version, Layer III, and a bitrate
 * and sample rate index that are not the reserved ones.
 */
function isMp3Frame(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + 4 || bytes[at] !== 0xff) return false;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const syncAndVersion = (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08;
  const layer3 = (b1 & 0x06) === 0x02;
  return syncAndVersion && layer3 && b2 >> 4 !== 0x0f && ((b2 >> 2) & 0x03) !== 0x03;
}

/** Length of an ID3v2 tag starting at 0 (header, syncsafe size, optional footer), or 0 when there is none. */
function id3Length(bytes: Buffer): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * The audio format of a file from its first bytes (pass at least SNIFF_BYTES when the file has them),
 * or null when they are none of WAV (RIFF, RF64 or BW64), AIFF/AIFC, FLAC, MP3 or M4A (an ISO/MP4 `ftyp`).
 * An ID3 tag is looked past: FLAC behind one is FLAC; a tag longer than the bytes given counts as MP3,
 * the format that carries them.
 */
export function sniffAudioFormat(head: Buffer): AudioFormat | null {
  if (head.length < 12) return null;
  const riff = ascii(head, 0, 4);
  if ((riff === 'RIFF' || riff === 'RF64' || riff === 'BW64') && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (ascii(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) return 'aiff';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (ascii(head, 4, 4) === 'ftyp') return 'm4a';
  const tag = id3Length(head);
  if (tag > 0) {
    if (head.length < tag + 4) return 'mp3';
    if (ascii(head, tag, 4) === 'fLaC') return 'flac';
    return isMp3Frame(head, tag) ? 'mp3' : null;
  }
  return isMp3Frame(head, 0) ? 'mp3' : null;
}
