import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coherenceTable, type CoherenceMeasure } from '@mastering/contracts';
import { BalanceMeter, measureBalance } from '../src/index';
import { sine, wav } from '../src/testing';
import { DECODERS } from './decoders';

// Issue 55: the coherence table's measures of a release's masters, and its flags on real audio: a track
// 3 LU louder than the anchor is flagged, one within the 1 LU tolerance is not.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'balance-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Interleaved stereo float32 of a signal at 48 kHz, as the decoder hands it to the meter. */
function float32(signal: (t: number) => number, seconds: number): Buffer {
  const frames = Math.round(seconds * 48_000);
  const out = Buffer.alloc(frames * 8);
  for (let i = 0; i < frames; i++) {
    const v = signal(i / 48_000);
    out.writeFloatLE(v, i * 8);
    out.writeFloatLE(v, i * 8 + 4);
  }
  return out;
}
const tone = (dbfs: number, hz: number) => (t: number) => 10 ** (dbfs / 20) * Math.sin(2 * Math.PI * hz * t);

describe('the balance meter', () => {
  it('reads a 1 kHz sine at -23 dBFS in both channels as -23 LUFS short-term, all of it in the mid band', () => {
    const meter = new BalanceMeter();
    const bytes = float32(tone(-23, 1000), 5);
    // In odd-sized chunks, so samples split across chunks are kept.
    for (let at = 0; at < bytes.length; at += 4093) meter.push(bytes.subarray(at, at + 4093));
    const { shortTermMaxLufs, balance } = meter.result();
    expect(Math.abs(shortTermMaxLufs! - -23)).toBeLessThanOrEqual(0.2);
    expect(balance!.midDb).toBeGreaterThan(-1);
    expect(balance!.lowDb).toBeLessThan(-10);
    expect(balance!.highDb).toBeLessThan(-10);
  });

  it('puts a 60 Hz tone in the low band and a 10 kHz tone in the high band', () => {
    const low = new BalanceMeter();
    low.push(float32(tone(-20, 60), 4));
    expect(low.result().balance!.lowDb).toBeGreaterThan(-1);
    const high = new BalanceMeter();
    high.push(float32(tone(-20, 10_000), 4));
    expect(high.result().balance!.highDb).toBeGreaterThan(-1);
  });

  it('has no short-term loudness for silence or under 3 s', () => {
    const meter = new BalanceMeter();
    meter.push(float32(() => 0, 4));
    expect(meter.result()).toEqual({ shortTermMaxLufs: null, balance: null });
    const short = new BalanceMeter();
    short.push(float32(tone(-20, 1000), 2));
    expect(short.result().shortTermMaxLufs).toBeNull();
  });
});

const ffmpeg = process.env.FFMPEG_PATH ?? (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : undefined);

/** Pink noise made by the ffmpeg program, `gainDb` above the anchor's, as a 24-bit stereo WAV. */
function pinkNoise(name: string, gainDb: number): string {
  const file = path.join(dir, name);
  execFileSync(ffmpeg!, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'anoisesrc=color=pink:amplitude=0.05:seed=7:duration=8:sample_rate=44100'],
    ...['-af', `pan=stereo|c0=c0|c1=c0,volume=${gainDb}dB`, '-c:a', 'pcm_s24le', file],
  ]);
  return file;
}

describe.skipIf(!ffmpeg).each(DECODERS)('a release’s coherence measured with %s', (_, decoder) => {
  it('flags a master 3 LU louder than the anchor and not one 0.5 LU louder (tolerance 1 LU)', async () => {
    const measure = async (file: string) => (await measureBalance({ path: file }, decoder)) as CoherenceMeasure;
    const [anchor, loud, close] = await Promise.all([
      measure(pinkNoise('anchor.wav', 0)),
      measure(pinkNoise('loud.wav', 3)),
      measure(pinkNoise('close.wav', 0.5)),
    ]);
    expect(loud.integratedLufs - anchor.integratedLufs).toBeCloseTo(3, 0);
    expect(loud.shortTermMaxLufs - anchor.shortTermMaxLufs).toBeCloseTo(3, 0);
    // Louder, not brighter: the balance is relative to the whole signal.
    expect(Math.abs(loud.balance.lowDb - anchor.balance.lowDb)).toBeLessThan(0.3);
    const ids = ['a', 'b', 'c'].map((c) => `00000000-0000-4000-8000-00000000000${c}`);
    const table = coherenceTable(
      [anchor, loud, close].map((m, i) => ({
        number: i + 1,
        fileId: ids[i]!,
        originalName: `${i + 1}.wav`,
        anchor: i === 0,
        measure: m,
      })),
      1,
    );
    expect(table.rows.map((r) => r.flagged)).toEqual([false, true, false]);
    expect(table.rows[1]!.integratedDeltaLu).toBeCloseTo(3, 0);
  });

  it('answers null for bytes that are not audio', async () => {
    const file = path.join(dir, 'not-audio.wav');
    await writeFile(file, Buffer.from('this is not a recording at all, just text'.repeat(20)));
    expect(await measureBalance({ path: file }, decoder)).toBeNull();
  });

  it('measures a WAV from the analysis kit like the meter measures its samples', async () => {
    const file = path.join(dir, 'sine.wav');
    await writeFile(file, wav(sine(-23), 6));
    const result = await measureBalance({ path: file }, decoder);
    expect(Math.abs(result!.integratedLufs - -23)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(result!.shortTermMaxLufs - -23)).toBeLessThanOrEqual(0.2);
  });
});
