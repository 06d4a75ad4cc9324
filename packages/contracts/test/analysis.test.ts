import { describe, expect, it } from 'vitest';
import {
  describeAudioFormat,
  formatDuration,
  formatLevel,
  gainChangeDb,
  loudnessInPlainWords,
  platformNormalisation,
  replaceFileMessage,
  truePeakTooHigh,
} from '../src/index';

describe('loudness in plain words', () => {
  it('says how much quieter a loud master plays on each platform', () => {
    expect(loudnessInPlainWords(-9.1)).toBe(
      'Your master measures -9.1 LUFS: it plays 4.9 dB quieter on Spotify, 4.9 dB quieter on YouTube and 6.9 dB quieter on Apple Music.',
    );
  });

  it('a quiet master: Spotify and Apple Music turn it up, YouTube leaves it as it is', () => {
    expect(platformNormalisation(-18).map((p) => [p.platform, p.changeDb, p.words])).toEqual([
      ['Spotify', 4, 'plays 4.0 dB louder on Spotify'],
      ['YouTube', 0, 'plays as it is on YouTube (it does not turn quieter tracks up)'],
      ['Apple Music', 2, 'plays 2.0 dB louder on Apple Music'],
    ]);
  });

  it('a master at the reference level plays at about the same level', () => {
    expect(platformNormalisation(-14.2)[0]!.words).toBe('plays at about the same level on Spotify');
  });
});

describe('original against master', () => {
  it('gain change is master minus original loudness, to 0.1 dB, only when both were measured', () => {
    expect(gainChangeDb({ integratedLufs: -18.34 }, { integratedLufs: -9.1 })).toBe(9.2);
    expect(gainChangeDb({ integratedLufs: -18 }, null)).toBeNull();
    expect(gainChangeDb({ integratedLufs: null }, { integratedLufs: -9 })).toBeNull();
  });

  it('flags a true peak above -1 dBTP', () => {
    expect([-1.5, -1, -0.9, 0.4, null].map(truePeakTooHigh)).toEqual([false, false, true, true, false]);
  });

  it('tells the customer which file to replace, why and how', () => {
    expect(replaceFileMessage({ originalName: 'song.wav', reason: 'The file is silent.' })).toBe(
      '"song.wav" needs replacing. The file is silent. Open your order page (View your order) and use Replace file to upload a new one; the rest of your order goes ahead as normal.',
    );
  });
});

describe('formatting analysis figures', () => {
  it('durations, formats and levels', () => {
    expect([0.4, 59.6, 187, 3725].map(formatDuration)).toEqual(['0:00', '1:00', '3:07', '1:02:05']);
    expect(describeAudioFormat({ codec: 'pcm_s24le', bitDepth: 24, sampleRate: 48_000, channels: 2 })).toBe(
      'PCM 24-bit · 48 kHz · stereo',
    );
    expect(describeAudioFormat({ codec: 'mp3', bitDepth: null, sampleRate: 44_100, channels: 1 })).toBe(
      'MP3 · 44.1 kHz · mono',
    );
    expect(describeAudioFormat({ codec: null, bitDepth: null, sampleRate: null, channels: null })).toBe(
      'Unknown format',
    );
    expect([
      formatLevel(-9.14, 'LUFS'),
      formatLevel(4.2, 'dB'),
      formatLevel(-0.3, 'dBTP'),
      formatLevel(null, 'LU'),
    ]).toEqual(['-9.1 LUFS', '+4.2 dB', '-0.3 dBTP', '–']);
  });
});
