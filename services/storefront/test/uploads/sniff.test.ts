import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { audioFormatOf, sniffAudio } from '../../src/uploads/sniff';
import { wav } from '../support';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(256)]);

// The first bytes each encoder writes.
const HEADS = {
  wav: wav(300),
  aiff: pad(latin1('FORM\x00\x00\x10\x00AIFFCOMM')),
  flac: pad(latin1('fLaC\x00\x00\x00\x22')),
  mp3: pad(Buffer.from([0xff, 0xfb, 0x90, 0x64])),
  m4a: pad(latin1('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom\x00\x00\x00\x00')),
} as const;

describe('audioFormatOf', () => {
  it.each(Object.entries(HEADS))('knows %s by its first bytes', async (format, head) => {
    expect(await audioFormatOf(head)).toBe(format);
  });

  it('takes an AIFF-C file as AIFF and an ISO media file (mp42 brand) as M4A', async () => {
    expect(await audioFormatOf(pad(latin1('FORM\x00\x00\x10\x00AIFCFVER')))).toBe('aiff');
    expect(await audioFormatOf(pad(latin1('\x00\x00\x00\x20ftypmp42\x00\x00\x00\x00mp42isom\x00\x00\x00\x00')))).toBe(
      'm4a',
    );
  });

  it('refuses text, images, archives and silence', async () => {
    for (const head of [
      latin1('<!doctype html><script>alert(1)</script>'),
      pad(latin1('\x89PNG\r\n\x1a\n')),
      pad(latin1('PK\x03\x04')),
      Buffer.alloc(5000),
      Buffer.alloc(0),
    ]) {
      expect(await audioFormatOf(head)).toBeNull();
    }
  });
});

describe('sniffAudio', () => {
  it('answers the format and the whole body, read in small chunks, byte for byte', async () => {
    const file = wav(100_000);
    const chunks = Array.from({ length: Math.ceil(file.length / 1000) }, (_, i) =>
      file.subarray(i * 1000, (i + 1) * 1000),
    );
    const { format, body } = await sniffAudio(Readable.from(chunks));
    expect(format).toBe('wav');
    expect(await buffer(body)).toEqual(file);
  });

  it('answers a body shorter than the sample whole', async () => {
    const { format, body } = await sniffAudio(Readable.from([HEADS.flac.subarray(0, 40)]));
    expect(format).toBe('flac');
    expect(await buffer(body)).toEqual(HEADS.flac.subarray(0, 40));
  });

  it('fails, instead of waiting for ever, when the body is cut off before its first bytes are in', async () => {
    const source = new Readable({ read() {} });
    source.push(HEADS.wav.subarray(0, 10));
    const sniffed = sniffAudio(source);
    source.destroy();
    await expect(sniffed).rejects.toThrow('The upload was cut off');
  });

  it('hands on the body itself, first bytes put back, when it is longer than the sample', async () => {
    const file = wav(200_000);
    const source = Readable.from([file.subarray(0, 70_000), file.subarray(70_000)], { objectMode: false });
    const { format, body } = await sniffAudio(source);
    expect(format).toBe('wav');
    expect(body).toBe(source);
    expect(await buffer(body)).toEqual(file);
  });
});
