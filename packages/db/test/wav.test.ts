import { describe, expect, it } from 'vitest';
import { encodeWav } from '../src/seed/wav';
import { DEMO_SHOWCASE_TRACKS } from '../src/seed/demo-content';
import { DURATION_SECONDS, renderVersion, SAMPLE_RATE } from '../src/seed/synth';

describe('encodeWav', () => {
  it('writes a canonical 16-bit mono PCM RIFF file', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 22_050);
    expect(wav.length).toBe(44 + 5 * 2);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(22_050);
    expect(wav.readUInt32LE(28)).toBe(44_100);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32767, 16384, 32767]);
  });
});

describe('demo showcase audio', () => {
  const rms = (x: Float32Array) => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);
  // Share of high-frequency energy: the first difference emphasises treble.
  const brightness = (x: Float32Array) => rms(x.subarray(1).map((v, i) => v - x[i])) / rms(x);

  for (const track of DEMO_SHOWCASE_TRACKS) {
    it(`${track.genre}: the mastered version is louder and brighter than the original`, () => {
      const original = renderVersion(track.arrangement, 'original');
      const mastered = renderVersion(track.arrangement, 'mastered');
      expect(original.length).toBe(SAMPLE_RATE * DURATION_SECONDS);
      expect(mastered.length).toBe(original.length);
      expect(rms(original)).toBeGreaterThan(0.02); // audible, not silence
      expect(rms(mastered)).toBeGreaterThan(2 * rms(original));
      expect(brightness(mastered)).toBeGreaterThan(1.5 * brightness(original));
      expect(Math.max(...mastered.map(Math.abs))).toBeLessThanOrEqual(0.9);
    });
  }
});
