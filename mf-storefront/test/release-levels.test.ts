import { describe, expect, it } from 'vitest';
import { matchedGains, rmsDb } from '../src/lib/release-levels';

// Issue 55: the release player levels original, master and reference alike, from their samples.
describe('the release player levels', () => {
  it('reads a full-scale square wave as 0 dB and a half-scale one as -6 dB', () => {
    const square = (a: number) => Float32Array.from({ length: 1000 }, (_, i) => (i % 2 ? a : -a));
    expect(rmsDb([square(1), square(1)])).toBeCloseTo(0, 5);
    expect(rmsDb([square(0.5)])).toBeCloseTo(-6.02, 1);
    expect(rmsDb([new Float32Array(10)])).toBeNull();
  });

  it('turns every side down to the quietest one, and leaves an unmeasured side alone', () => {
    const gains = matchedGains({ original: -20, master: -9, reference: -12 });
    expect(gains.original).toBe(1);
    expect(20 * Math.log10(gains.master)).toBeCloseTo(-11, 5);
    expect(20 * Math.log10(gains.reference)).toBeCloseTo(-8, 5);
    expect(matchedGains({ original: null, master: -9 })).toEqual({ original: 1, master: 1 });
  });
});
