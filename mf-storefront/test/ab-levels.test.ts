import { describe, expect, it } from 'vitest';
import { abVolumes } from '../src/lib/ab-levels';

const db = (gain: number) => Math.round(20 * Math.log10(gain) * 10) / 10;

describe('the A/B player levels', () => {
  it('turns the louder one down to the quieter one, so both play equally loud', () => {
    const { original, master } = abVolumes(-20, -9, 'matched');
    expect(original).toBe(1);
    expect(db(master)).toBe(-11);
    // Whichever is louder.
    expect(abVolumes(-8, -12, 'matched')).toMatchObject({ master: 1 });
  });

  it('plays each as Spotify would: louder than -14 LUFS turned down to it, quieter left as it is', () => {
    const { original, master } = abVolumes(-20, -8, 'spotify');
    expect(original).toBe(1);
    expect(db(master)).toBe(-6);
  });

  it('plays an unmeasured side at full volume', () => {
    expect(abVolumes(null, -9, 'matched')).toEqual({ original: 1, master: 1 });
    expect(abVolumes(null, -9, 'spotify')).toMatchObject({ original: 1 });
  });
});
