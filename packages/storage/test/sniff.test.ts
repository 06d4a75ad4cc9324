import { describe, expect, it } from 'vitest';
import { sniffAudioFormat } from '../src/sniff';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64)]);
/** An ID3v2.4 tag header announcing `size` bytes of tag (syncsafe). */
const id3 = (size: number) =>
  bytes('ID3', [4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
// MPEG-1 Layer III, 128 kb/s, 44.1 kHz.
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64];

describe('sniffAudioFormat', () => {
  it('knows each accepted format by its first bytes', () => {
    expect(sniffAudioFormat(padded(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')))).toBe('wav');
    expect(sniffAudioFormat(padded(bytes('RF64', [0, 0, 0, 0], 'WAVEds64')))).toBe('wav');
    expect(sniffAudioFormat(padded(bytes('FORM', [0, 0, 0, 0], 'AIFFCOMM')))).toBe('aiff');
    expect(sniffAudioFormat(padded(bytes('FORM', [0, 0, 0, 0], 'AIFCFVER')))).toBe('aiff');
    expect(sniffAudioFormat(padded(bytes('fLaC', [0, 0, 0, 34])))).toBe('flac');
    expect(sniffAudioFormat(padded(bytes(MP3_FRAME)))).toBe('mp3');
    expect(sniffAudioFormat(padded(bytes([0, 0, 0, 32], 'ftypM4A ')))).toBe('m4a');
  });

  it('looks past an ID3 tag: MP3 frames or FLAC behind it, and a tag longer than the bytes given counts as MP3', () => {
    expect(sniffAudioFormat(padded(bytes(id3(20), Array(20).fill(0), MP3_FRAME)))).toBe('mp3');
    expect(sniffAudioFormat(padded(bytes(id3(20), Array(20).fill(0), 'fLaC')))).toBe('flac');
    expect(sniffAudioFormat(padded(bytes(id3(100_000))))).toBe('mp3');
  });

  it('refuses everything else, whatever the name or the browser said', () => {
    expect(sniffAudioFormat(Buffer.from('These are my liner notes, not a song.'))).toBeNull();
    expect(sniffAudioFormat(padded(bytes('#EXTM3U\n#EXTINF:1,\nfile:/etc/passwd\n')))).toBeNull();
    expect(sniffAudioFormat(padded(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST')))).toBeNull();
    expect(sniffAudioFormat(padded(bytes(id3(20), Array(20).fill(0), '#EXTM3U\n')))).toBeNull();
    // Frame sync with a reserved sample rate, and Layer I: not MP3.
    expect(sniffAudioFormat(padded(bytes([0xff, 0xfb, 0x9c, 0x64])))).toBeNull();
    expect(sniffAudioFormat(padded(bytes([0xff, 0xff, 0x90, 0x64])))).toBeNull();
    expect(sniffAudioFormat(Buffer.from('RIFF'))).toBeNull();
    expect(sniffAudioFormat(Buffer.alloc(0))).toBeNull();
  });
});
