import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_FORMAT_INFO, TrackMetadata, type PackFormat } from '@mastering/contracts';
import { packRenderArgs, renderPackFile } from '../src/pack-render';

// Each pack format rendered from a real 24-bit, 48 kHz master by the ffmpeg program (Debian's, as in
// the Docker image and CI), then read back with ffprobe: codec, rate, depth and the embedded tags.
const ffmpeg = process.env.FFMPEG_PATH || (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : '');
const ffprobe = ffmpeg ? path.join(path.dirname(ffmpeg), 'ffprobe') : '';

const METADATA = TrackMetadata.parse({
  title: 'Jozi Nights',
  artist: 'Thandi M',
  isrc: 'za-abc-26-00001',
  album: 'First Light',
  year: '2026',
  composer: 'T. Mokoena',
});

type Probe = {
  streams: { codec_name: string; sample_rate: string; bits_per_sample?: number; bits_per_raw_sample?: string }[];
  format: { tags?: Record<string, string> };
};

function probe(file: string): Probe {
  return JSON.parse(
    execFileSync(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      encoding: 'utf8',
    }),
  ) as Probe;
}

/** A tag read back whatever case the container keeps its key in. */
const tag = (p: Probe, key: string) =>
  Object.entries(p.format.tags ?? {}).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];

// format, codec, rate, bits (null: lossy), the ISRC's key as read back
const EXPECTED: [PackFormat, string, number, number | null, string][] = [
  ['wav24', 'pcm_s24le', 48_000, 24, 'ISRC'],
  ['wav16', 'pcm_s16le', 44_100, 16, 'ISRC'],
  ['flac', 'flac', 48_000, 24, 'ISRC'],
  ['mp3', 'mp3', 44_100, null, 'TSRC'],
  ['aac', 'aac', 44_100, null, 'ISRC'],
];

describe.skipIf(!ffmpeg)('release pack rendering (ffmpeg program)', () => {
  let dir = '';
  let master = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pack-render-'));
    master = path.join(dir, 'master.wav');
    // Three seconds of a 997 Hz sine at -20 dBFS (amplitude 0.1) in both channels: -20 LUFS.
    const tone = '0.1*sin(2*PI*997*t)';
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `aevalsrc=${tone}|${tone}:s=48000:d=3`, '-c:a', 'pcm_s24le', master],
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(EXPECTED)('%s decodes as %s at %i Hz with its depth and tags', async (format, codec, rate, bits, isrcKey) => {
    const out = path.join(dir, `out-${format}.${PACK_FORMAT_INFO[format].extension}`);
    const measured = await renderPackFile(master, out, format, METADATA, { ffmpeg });
    const p = probe(out);
    expect(p.streams[0]).toMatchObject({ codec_name: codec, sample_rate: String(rate) });
    if (bits !== null)
      expect(p.streams[0]!.bits_per_raw_sample === String(bits) || p.streams[0]!.bits_per_sample === bits).toBe(true);
    expect(tag(p, 'title')).toBe('Jozi Nights');
    expect(tag(p, 'artist')).toBe('Thandi M');
    expect(tag(p, 'album')).toBe('First Light');
    expect(tag(p, 'date')).toBe('2026');
    // The ISRC as files carry it: 12 characters, no hyphens.
    expect(tag(p, isrcKey)).toBe('ZAABC2600001');
    // Measured from the file written: a -20 dBFS sine in both channels is -20 LUFS (within the codecs' error).
    expect(measured.integratedLufs).not.toBeNull();
    expect(Math.abs(measured.integratedLufs! - -20)).toBeLessThan(1);
    expect(measured.truePeakDbtp!).toBeLessThan(-15);
  });

  it('dithers every bit-depth reduction: silence from a float master comes out as noise at the last bit, not zeros', async () => {
    const silent = path.join(dir, 'silent-float.wav');
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'aevalsrc=0|0:s=48000:d=1', '-c:a', 'pcm_f32le', silent],
    ]);
    /** The loudest sample of a file in dBFS as ffmpeg's astats reports it ("-inf": all zeros). */
    const peakOf = (file: string) =>
      /Peak level dB: (\S+)/.exec(
        spawnSync(
          ffmpeg,
          ['-hide_banner', '-nostats', '-i', file, '-af', 'astats=measure_perchannel=0', '-f', 'null', '-'],
          {
            encoding: 'utf8',
          },
        ).stderr,
      )?.[1];
    for (const [format, ceiling] of [
      ['wav24', -130],
      ['flac', -130],
      ['wav16', -40],
    ] as const) {
      const out = path.join(dir, `silent-${format}.${PACK_FORMAT_INFO[format].extension}`);
      await renderPackFile(silent, out, format, null, { ffmpeg });
      const level = peakOf(out);
      expect(level, format).not.toBe('-inf');
      expect(Number(level), format).toBeLessThan(ceiling);
    }
  });

  it('refuses a master ffmpeg cannot read with ffmpeg’s reason', async () => {
    const out = path.join(dir, 'never.wav');
    await expect(renderPackFile(path.join(dir, 'missing.wav'), out, 'wav16', null, { ffmpeg })).rejects.toThrow(
      /ffmpeg: .*No such file/,
    );
  });
});

describe('release pack arguments', () => {
  it('resamples with soxr and dithers every bit-depth reduction', () => {
    const args = (f: PackFormat) => packRenderArgs(f, null, '/in.wav', '/out').join(' ');
    expect(args('wav16')).toMatch(/aresample=osr=44100:resampler=soxr.*osf=s16:dither_method=shibata/);
    expect(args('wav24')).toMatch(/resampler=soxr.*dither_method=triangular/);
    expect(args('flac')).toMatch(/dither_method=triangular/);
    expect(args('mp3')).toMatch(/-id3v2_version 4/);
  });

  it('embeds the ISRC as ID3v2 TSRC in MP3 and in the BWF description of a WAV', () => {
    expect(packRenderArgs('mp3', METADATA, '/in', '/out')).toContain('TSRC=ZAABC2600001');
    expect(packRenderArgs('wav16', METADATA, '/in', '/out')).toContain('description=ISRC:ZAABC2600001');
  });
});
