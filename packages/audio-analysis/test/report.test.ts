import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bitDepthOf,
  channelsOfLayout,
  parseDecodeProblems,
  parseLoudnessSummary,
  parseStreamFormat,
} from '../src/ffmpeg-report';
import { analysisStorage } from '../src/index';
import { PeakAccumulator } from '../src/peaks';

const floats = (values: number[]) => Buffer.from(new Float32Array(values).buffer);

describe('PeakAccumulator', () => {
  it('counts samples and finds the highest absolute one, across chunks that split a sample', () => {
    const peaks = new PeakAccumulator();
    const bytes = floats([0.1, -0.7, 0.3, 0.2]);
    peaks.push(bytes.subarray(0, 5));
    peaks.push(bytes.subarray(5, 11));
    peaks.push(bytes.subarray(11));
    expect(peaks.samples).toBe(4);
    expect(peaks.peak).toBeCloseTo(0.7, 6);
  });

  it('reads chunks that do not start on a 4-byte boundary', () => {
    const peaks = new PeakAccumulator();
    const padded = Buffer.concat([Buffer.alloc(1), floats([0.25, -0.5])]);
    peaks.push(padded.subarray(1));
    expect(peaks.peak).toBe(0.5);
  });

  it('gives a waveform of the requested length that rises with a rising signal, whatever the length', () => {
    for (const samples of [20_000, 3_000_000]) {
      const peaks = new PeakAccumulator();
      const ramp = new Float32Array(samples).map((_, i) => i / samples);
      peaks.push(Buffer.from(ramp.buffer));
      const waveform = peaks.waveform(300);
      expect(waveform).toHaveLength(300);
      expect(waveform[0]).toBeLessThan(0.01);
      expect(waveform[299]).toBeGreaterThan(0.99);
      for (let i = 1; i < 300; i++) expect(waveform[i]).toBeGreaterThanOrEqual(waveform[i - 1]!);
    }
  });

  it('clips the waveform at full scale but keeps the real peak', () => {
    const peaks = new PeakAccumulator();
    peaks.push(floats(Array.from({ length: 1000 }, () => 1.5)));
    expect(peaks.peak).toBe(1.5);
    expect(Math.max(...peaks.waveform())).toBe(1);
  });
});

const LOG = `[info] Input #0, wav, from 'x.wav':
[info]   Duration: 00:00:20.00, bitrate: 2304 kb/s
[info]     Stream #0:0: Audio: pcm_s24le ([1][0][0][0] / 0x0001), 48000 Hz, stereo, s32 (24 bit), 2304 kb/s
[info] Output #0, f32le, to 'pipe:1':
[info]     Stream #0:0: Audio: pcm_f32le, 48000 Hz, stereo, flt, 3072 kb/s
[Parsed_ebur128_1 @ 0x1] [info] Summary:

  Integrated loudness:
    I:         -70.0 LUFS
    Threshold:   0.0 LUFS

  True peak:
    Peak:       -inf dBFS
[warning] x.wav: corrupt input packet in stream 0
[Parsed_ebur128_1 @ 0x2] [info] Summary:

  Integrated loudness:
    I:          -9.4 LUFS
    Threshold: -19.4 LUFS

  Loudness range:
    LRA:         5.2 LU
    Threshold: -29.4 LUFS

  True peak:
    Peak:        0.3 dBFS
[error] Error while decoding stream #0:0: Invalid data found when processing input
`;

describe('reading the ffmpeg log', () => {
  it('takes the format of the input stream, not the output', () => {
    expect(parseStreamFormat(LOG)).toEqual({ codec: 'pcm_s24le', sampleRate: 48_000, channels: 2, bitDepth: 24 });
  });

  it('takes the last loudness summary (ffmpeg prints an empty one when it first builds the filters)', () => {
    expect(parseLoudnessSummary(LOG)).toEqual({ integratedLufs: -9.4, loudnessRangeLu: 5.2, truePeakDbtp: 0.3 });
    expect(parseLoudnessSummary('[info] no summary here')).toBeNull();
  });

  it('collects error lines and notices a cut-off packet', () => {
    expect(parseDecodeProblems(LOG)).toEqual({
      errors: ['Error while decoding stream #0:0: Invalid data found when processing input'],
      truncated: true,
    });
    expect(parseDecodeProblems('[warning] Guessed Channel Layout for Input Stream #0.0 : stereo')).toEqual({
      errors: [],
      truncated: false,
    });
  });

  it('knows channel layouts and bit depths', () => {
    expect(['mono', 'stereo', '5.1(side)', '7.1', '3 channels (FL+FR+LFE)', 'weird'].map(channelsOfLayout)).toEqual([
      1,
      2,
      6,
      8,
      3,
      null,
    ]);
    expect(bitDepthOf('pcm_s16le', 's16', undefined)).toBe(16);
    expect(bitDepthOf('pcm_f32le', 'flt', undefined)).toBe(32);
    expect(bitDepthOf('flac', 's32', '24')).toBe(24);
    expect(bitDepthOf('flac', 's16', undefined)).toBe(16);
    // Lossy formats decode to float and have no bit depth of their own.
    expect(bitDepthOf('mp3', 'fltp', undefined)).toBeNull();
    expect(bitDepthOf('aac', 'fltp', undefined)).toBeNull();
  });
});

describe('analysisStorage', () => {
  it('hands ffmpeg the local folder with the local driver, and streams from a bucket with s3', () => {
    const local = analysisStorage({ STORAGE_DRIVER: 'local', STORAGE_DIR: 'some/dir' });
    expect(local.localRoot).toBe(path.resolve('some/dir'));
    expect(
      analysisStorage({ STORAGE_DRIVER: 's3', S3_BUCKET: 'masters', S3_REGION: 'af-south-1' }).localRoot,
    ).toBeUndefined();
  });
});
