// Keeps promise "streaming-ready-masters" (packages/contracts/src/promises.ts).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_ERRORS, WAVEFORM_POINTS } from '@mastering/contracts';
import { createLocalStorage, localObjectPath } from '@mastering/storage';
import { analyseAudio, type AnalyseOptions } from '../src/index';
import { clippedSquare, silence, sine, wav, wavHeader, writeLongWav } from '../src/testing';
import { DECODERS } from './decoders';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'audio-analysis-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes `bytes` to a fresh file and analyses it by path. */
async function analyseBytes(name: string, bytes: Buffer, options: AnalyseOptions = {}) {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return analyseAudio({ path: file }, options);
}

describe.each(DECODERS)('analyseAudio with %s measures', (_, decoder) => {
  const analyseAs = (name: string, bytes: Buffer) => analyseBytes(name, bytes, decoder);

  it('EBU Tech 3341 case 1: a 1 kHz sine at -23 dBFS in both channels reads -23.0 LUFS (within 0.1 LU)', async () => {
    const result = await analyseAs('case1.wav', wav(sine(-23), 20));
    expect(result.status).toBe('ok');
    expect(result.errorReason).toBeNull();
    expect(Math.abs(result.integratedLufs! - -23)).toBeLessThanOrEqual(0.1);
    // A steady tone has no loudness range; its sample and true peaks are its amplitude.
    expect(result.loudnessRangeLu).toBeLessThanOrEqual(0.1);
    expect(result.samplePeakDbfs).toBeCloseTo(-23, 1);
    expect(result.truePeakDbtp).toBeCloseTo(-23, 0);
    expect(result).toMatchObject({
      durationSeconds: 20,
      sampleRate: 48_000,
      channels: 2,
      bitDepth: 16,
      codec: 'pcm_s16le',
    });
    expect(result.waveform).toHaveLength(WAVEFORM_POINTS);
    // Peak of every slice of the waveform: the sine's amplitude, 10^(-23/20).
    for (const value of result.waveform) expect(value).toBeCloseTo(10 ** (-23 / 20), 3);
  });

  it('reads a 1 kHz sine 9 dB louder as 9 dB louder, at 44.1 kHz mono too', async () => {
    const result = await analyseAs('mono.wav', wav(sine(-14), 10, { sampleRate: 44_100, channels: 1 }));
    expect(result).toMatchObject({ status: 'ok', sampleRate: 44_100, channels: 1, durationSeconds: 10 });
    // One channel of the same level carries half the power of two: 3 dB less than stereo's -14.
    expect(Math.abs(result.integratedLufs! - -17)).toBeLessThanOrEqual(0.1);
    expect(result.samplePeakDbfs).toBeCloseTo(-14, 1);
  });

  it('finds a clipped square wave’s true peak above 0 dBTP, though no sample exceeds full scale', async () => {
    const result = await analyseAs('square.wav', wav(clippedSquare(), 5));
    expect(result.status).toBe('ok');
    expect(result.samplePeakDbfs).toBeCloseTo(0, 1);
    expect(result.truePeakDbtp!).toBeGreaterThan(0);
  });

  it('gives a waveform that follows the signal: quiet first half, loud second half', async () => {
    const result = await analyseAs(
      'steps.wav',
      wav((t) => sine(t < 5 ? -40 : -6)(t, 0), 10),
    );
    const first = result.waveform.slice(0, 140);
    const last = result.waveform.slice(160);
    for (const value of first) expect(value).toBeLessThan(0.011);
    for (const value of last) expect(value).toBeGreaterThan(0.49);
  });
});

describe.each(DECODERS)('analyseAudio with %s flags a file that cannot be used', (_, decoder) => {
  const analyseAs = (name: string, bytes: Buffer) => analyseBytes(name, bytes, decoder);

  it('digital silence: error, silent', async () => {
    const result = await analyseAs('silence.wav', wav(silence, 5));
    expect(result).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.silent, durationSeconds: 5 });
  });

  it('a file cut off halfway (its header promises 10 s): error, incomplete, saying where it breaks off', async () => {
    const whole = wav(sine(-20), 10);
    const result = await analyseAs('truncated.wav', whole.subarray(0, 44 + 960_000 + 2));
    expect(result.status).toBe('error');
    expect(result.errorReason).toBe(ANALYSIS_ERRORS.truncated(5));
  });

  it('shorter than one second: error, too short', async () => {
    const result = await analyseAs('short.wav', wav(sine(-20), 0.5));
    expect(result).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.tooShort(0.5) });
  });

  it('a header and no audio: error, too short', async () => {
    const result = await analyseAs('empty.wav', wavHeader(0));
    expect(result.status).toBe('error');
    expect(result.errorReason).toBe(ANALYSIS_ERRORS.tooShort(0));
  });

  it('bytes that are not audio: error, not readable as audio', async () => {
    const result = await analyseAs('notes.wav', Buffer.from('These are my liner notes, not a song.\n'.repeat(200)));
    expect(result).toMatchObject({
      status: 'error',
      errorReason: ANALYSIS_ERRORS.notDecodable,
      waveform: [],
      integratedLufs: null,
    });
  });
});

describe('analyseAudio streams', () => {
  it.each(DECODERS)('gives the same answer from a piped stream as from the file (%s)', async (_, decoder) => {
    const file = path.join(dir, 'piped.wav');
    await writeFile(file, wav(sine(-23), 5));
    const [byPath, byStream] = [
      await analyseAudio({ path: file }, decoder),
      await analyseAudio({ stream: createReadStream(file) }, decoder),
    ];
    expect(byStream).toEqual(byPath);
  });

  it('a 200 MB WAV from storage goes through without the file ever being in memory (RSS grows far less than its size)', async () => {
    const storage = createLocalStorage(path.join(dir, 'storage'));
    const key = 'uploads/big.wav';
    const file = localObjectPath(path.join(dir, 'storage'), key);
    await mkdir(path.dirname(file), { recursive: true });
    const size = await writeLongWav(file, sine(-18), 1_100);
    expect(size).toBeGreaterThan(200_000_000);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const object = await storage.get(key);
      const result = await analyseAudio({ stream: object!.stream });
      expect(result).toMatchObject({ status: 'ok', durationSeconds: 1_100 });
      expect(Math.abs(result.integratedLufs! - -18)).toBeLessThanOrEqual(0.1);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  }, 180_000);
});

describe('analyseAudio tells a failure of the machinery from a bad file', () => {
  it('a storage read that fails midway throws (the job is retried) instead of flagging the file', async () => {
    const whole = wav(sine(-20), 4);
    const failing = new Readable({
      read() {
        this.push(whole.subarray(0, 100_000));
        this.destroy(new Error('connection reset by the bucket'));
      },
    });
    await expect(analyseAudio({ stream: failing })).rejects.toThrow(
      'Reading the file from storage failed: connection reset by the bucket',
    );
  });

  it('ffmpeg stopped by the time limit throws instead of flagging the file', async () => {
    // A storage read that stalls forever: ffmpeg waits for bytes until the time limit stops it
    // (deterministic, unlike racing a short limit against a fast decode).
    const stalled = new PassThrough();
    stalled.write(wav(sine(-20), 1).subarray(0, 1000));
    await expect(analyseAudio({ stream: stalled }, { timeoutMs: 300 })).rejects.toThrow(
      /ffmpeg was stopped after 300 ms \(the time limit\)/,
    );
  });

  it('a missing ffmpeg throws', async () => {
    const file = path.join(dir, 'fine.wav');
    await writeFile(file, wav(sine(-20), 2));
    await expect(analyseAudio({ path: file }, { ffmpegPath: path.join(dir, 'no-ffmpeg-here') })).rejects.toThrow(
      /The decoder did not start: .*no-ffmpeg-here: No such file/,
    );
  });

  it('a file that is not there throws', async () => {
    await expect(analyseAudio({ path: path.join(dir, 'gone.wav') })).rejects.toThrow(/ENOENT/);
  });

  it('a file name is never read as another ffmpeg protocol', async () => {
    const file = path.join(dir, 'concat:a.wav|b.wav');
    await writeFile(file, wav(sine(-20), 2));
    expect((await analyseAudio({ path: file })).status).toBe('ok');
  });
});
