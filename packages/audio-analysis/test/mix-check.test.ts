// The mix check on real audio: signals generated here with FFmpeg and SoX (so each known answer
// follows from how the signal was made), checked through the fenced decoder, on every decoder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIX_CHECKS, type MixCheckName, type MixCheckReport } from '@mastering/contracts';
import { checkMix } from '../src/index';
import { DECODERS } from './decoders';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
let dir: string;
const file = (name: string) => path.join(dir, name);

/** Runs FFmpeg quietly, overwriting its output. */
const ffmpeg = (...args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
/** Writes `out` from FFmpeg's generated `source`, as 24-bit stereo. */
const generate = (source: string, out: string) =>
  ffmpeg('-f', 'lavfi', '-i', source, '-ac', '2', '-c:a', 'pcm_s24le', file(out));
/** Writes `out` from the file `source` through `filter`. */
const derive = (source: string, filter: string, out: string, codec = 'pcm_s24le') =>
  ffmpeg('-i', file(source), '-af', filter, '-c:a', codec, file(out));

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'mix-check-'));
  // A clean mix: 12 s of seeded pink noise, high-passed at 20 Hz (no DC), the same in both channels:
  // -23.7 LUFS with peaks 8.6 dB above it, 24-bit. Every check passes.
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'anoisesrc=d=12:c=pink:r=48000:a=0.25:seed=7'],
    ...['-af', 'highpass=f=20,pan=stereo|c0=c0|c1=c0', '-c:a', 'pcm_s24le', file('clean.wav')],
  );
  // A 100 Hz tone at -6 dBFS, driven to twice full scale from 4 s to 5 s: 100 cycles of two clipped
  // runs each, in each of two channels (the boundaries fall on zero crossings): 400 runs.
  generate("aevalsrc='if(between(t,4,5),2,0.5)*sin(2*PI*100*t)':d=8:s=48000", 'clipped.wav');
  // The same tone never driven past -6 dBFS, and a 20 Hz-20 kHz sine sweep at -6 dBFS.
  generate("aevalsrc='0.5*sin(2*PI*100*t)':d=8:s=48000", 'tone.wav');
  generate("aevalsrc='0.5*sin(2*PI*20*(pow(1000,t/8)-1)*8/log(1000))':d=8:s=48000", 'sweep.wav');
  // A lossy source: the clean mix low-passed at 16 kHz by SoX's steep sinc filter, as an MP3 encoder does.
  execFileSync('sox', [file('clean.wav'), file('lossy.wav'), 'sinc', '-16k']);
  derive('clean.wav', 'dcshift=0.05', 'dc.wav');
  derive('clean.wav', 'pan=stereo|c0=c0|c1=-1*c1', 'phase.wav');
  derive('clean.wav', 'adelay=3s:all=1,apad=pad_dur=6', 'silence.wav');
  derive('clean.wav', 'volume=24dB,alimiter=limit=0.7:level=false', 'limited.wav');
  derive('clean.wav', 'anull', 'sixteen.wav', 'pcm_s16le');
  ffmpeg('-i', file('clean.wav'), '-c:a', 'libmp3lame', '-b:a', '192k', file('lossy.mp3'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const findingOf = (report: MixCheckReport, check: MixCheckName) => report.findings.find((f) => f.check === check)!;

describe.each(DECODERS)('checkMix with %s', (_, decoder) => {
  const check = async (name: string) => {
    const { analysis, report } = await checkMix({ path: file(name) }, { ...decoder, timeoutMs: 60_000 });
    expect(analysis.status, analysis.errorReason ?? '').toBe('ok');
    return report!;
  };

  it('passes every check on a clean mix, each with its sentence', async () => {
    const report = await check('clean.wav');
    expect(report.findings.map((f) => [f.check, f.severity])).toEqual(MIX_CHECKS.map((c) => [c, 'ok']));
    expect(report).toMatchObject({
      sampleRate: 48_000,
      bitDepth: 24,
      channels: 2,
      durationSeconds: 12,
      clippedRuns: 0,
    });
    expect(report.integratedLufs).toBeCloseTo(-23.7, 0);
    expect(report.stereoCorrelation).toBe(1);
    expect(Math.abs(report.dcOffsetPercent)).toBeLessThan(0.05);
    expect(report.highBandDropDb).toBeGreaterThan(-10);
    for (const finding of report.findings) expect(finding.advice).toMatch(/\S.*[.]$/);
  });

  it('counts the clipped runs (100 cycles x 2 runs x 2 channels) and says where the worst is', async () => {
    const report = await check('clipped.wav');
    expect(report.clippedRuns).toBe(400);
    expect(report.worstClipSeconds).toBeGreaterThanOrEqual(4);
    expect(report.worstClipSeconds).toBeLessThan(5);
    expect(findingOf(report, 'clipping')).toEqual({
      check: 'clipping',
      severity: 'problem',
      advice: 'Your mix clips 400 times (the worst at 0:04); export with 3 to 6 dB of headroom.',
    });
    // The same tone never driven past -6 dBFS, and a full sweep, do not clip.
    expect(findingOf(await check('tone.wav'), 'clipping').severity).toBe('ok');
    const sweep = await check('sweep.wav');
    expect(sweep.clippedRuns).toBe(0);
    // A sweep reaches 20 kHz: full bandwidth.
    expect(findingOf(sweep, 'lossySource').severity).toBe('ok');
  });

  it('flags a lossy source by its 16 kHz cut-off, and an MP3 by its format', async () => {
    const report = await check('lossy.wav');
    expect(report.highBandDropDb).toBeLessThan(-30);
    expect(findingOf(report, 'lossySource').severity).toBe('warning');
    const mp3 = await check('lossy.mp3');
    expect(findingOf(mp3, 'format').severity).toBe('warning');
    expect(findingOf(mp3, 'lossySource').severity).toBe('info');
  });

  it('measures a DC offset of 5% of full scale', async () => {
    const report = await check('dc.wav');
    expect(report.dcOffsetPercent).toBeCloseTo(5, 1);
    expect(findingOf(report, 'dcOffset').severity).toBe('warning');
  });

  it('finds an out-of-phase pair (correlation -1) a problem for mono', async () => {
    const report = await check('phase.wav');
    expect(report.stereoCorrelation).toBe(-1);
    expect(findingOf(report, 'stereo').severity).toBe('problem');
  });

  it('measures 3 s of silence at the head and 6 s at the tail', async () => {
    const report = await check('silence.wav');
    expect(report.headSilenceSeconds).toBeCloseTo(3, 2);
    expect(report.tailSilenceSeconds).toBeCloseTo(6, 2);
    expect(findingOf(report, 'silence').severity).toBe('info');
  });

  it('reads a limited mix by its low peak-to-loudness ratio, and a 16-bit file as a note', async () => {
    const report = await check('limited.wav');
    expect(report.peakToLoudnessDb).toBeLessThan(8);
    expect(findingOf(report, 'limiter').severity).toBe('warning');
    expect(findingOf(report, 'loudness').severity).toBe('warning');
    expect(findingOf(await check('sixteen.wav'), 'format').severity).toBe('info');
  });
});
