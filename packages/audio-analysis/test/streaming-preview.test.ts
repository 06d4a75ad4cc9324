// The streaming preview on real audio: a master limited to full scale gains overs from MP3 and AAC
// encoding, the same master 3 dB lower does not; each platform's gain follows from its reference.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPlayback } from '@mastering/contracts';
import { analyseAudio, encoderProgram, streamingPreview } from '../src/index';

let dir: string;
const file = (name: string) => path.join(dir, name);
const program = encoderProgram();

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'streaming-preview-'));
  if (!program) return;
  // Seeded pink noise pushed 20 dB into a limiter at full scale: a loud master with no headroom.
  const master = (name: string, after: string) =>
    execFileSync(program, [
      ...[
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'anoisesrc=d=10:c=pink:r=44100:a=0.25:seed=3',
      ],
      ...['-af', `highpass=f=20,pan=stereo|c0=c0|c1=c0,volume=20dB,alimiter=limit=1:level=false${after}`],
      ...['-c:a', 'pcm_s24le', file(name)],
    ]);
  master('hot.wav', '');
  master('safe.wav', ',volume=-3dB');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('platformPlayback', () => {
  it('turns a -8 LUFS master down on every platform, by its reference level', () => {
    const gains = Object.fromEntries(platformPlayback(-8, -0.1).map((p) => [p.platform, [p.gainDb, p.turnedDown]]));
    expect(gains).toEqual({
      Spotify: [-6, true],
      'Apple Music': [-8, true],
      YouTube: [-6, true],
      Tidal: [-6, true],
      'Amazon Music': [-6, true],
      Deezer: [-7, true],
    });
  });

  it('raises a quiet master only where the platform does, and Spotify only as far as its peaks allow', () => {
    const gains = Object.fromEntries(platformPlayback(-20, -4).map((p) => [p.platform, p.gainDb]));
    // Spotify: 6 dB to -14 LUFS, but the peaks reach -1 dBTP after 3 dB; Apple Music: 4 dB to -16.
    expect(gains).toEqual({ Spotify: 3, 'Apple Music': 4, YouTube: 0, Tidal: 0, 'Amazon Music': 0, Deezer: 0 });
  });
});

describe.skipIf(!program)('streamingPreview with the ffmpeg program', () => {
  const preview = async (name: string) => {
    const analysis = await analyseAudio({ path: file(name) }, { ffmpegPath: program! });
    expect(analysis.status).toBe('ok');
    return (await streamingPreview(analysis, async () => ({ path: file(name) }), { ffmpegPath: program! }))!;
  };

  it('counts overs after MP3 and AAC encoding of a master limited to full scale, and flags it', async () => {
    const hot = await preview('hot.wav');
    expect(hot.codecs.map((c) => c.codec)).toEqual(['mp3', 'aac']);
    for (const codec of hot.codecs) {
      expect(codec.overs).toBeGreaterThan(0);
      expect(codec.truePeakDbtp).toBeGreaterThan(0);
    }
    expect(hot.oversAfterEncoding).toBe(true);
    expect(hot.platforms.find((p) => p.platform === 'Spotify')!.turnedDown).toBe(true);
  });

  it('finds none in the same master 3 dB lower', async () => {
    const safe = await preview('safe.wav');
    expect(safe.codecs.map((c) => c.overs)).toEqual([0, 0]);
    expect(safe.oversAfterEncoding).toBe(false);
  });
});
