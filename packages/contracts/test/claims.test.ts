import { describe, expect, it } from 'vitest';
import { claimsFrom, countDown, DEFAULT_CLAIM_SETTINGS, type ClaimFigures } from '../src/claims';

const figures = (over: Partial<ClaimFigures> = {}): ClaimFigures => ({
  tracksDelivered: 537,
  medianDeliveryHours: 30.2,
  mastersMeasured: 200,
  mastersStreamingReady: 199,
  ...over,
});

describe('claims from data', () => {
  it('rounds a count down to two significant digits, never up', () => {
    expect([0, 9, 45, 99, 100, 127, 537, 999, 1_234, 15_678].map(countDown)).toEqual([
      0, 9, 45, 99, 100, 120, 530, 990, 1_200, 15_000,
    ]);
  });

  it('states every claim the figures back, a count and a share rounded down and a time up', () => {
    expect(claimsFrom(figures(), DEFAULT_CLAIM_SETTINGS)).toEqual([
      { key: 'tracks', figure: '530+', label: 'tracks mastered' },
      { key: 'delivery', figure: '31-hour', label: 'median delivery' },
      { key: 'streaming', figure: '99%', label: 'ready for streaming' },
    ]);
  });

  it('states nothing at all below the minimum number of delivered tracks', () => {
    expect(claimsFrom(figures({ tracksDelivered: 99 }), DEFAULT_CLAIM_SETTINGS)).toEqual([]);
    expect(
      claimsFrom(figures({ tracksDelivered: 99 }), { ...DEFAULT_CLAIM_SETTINGS, minTracksDelivered: 50 }),
    ).toHaveLength(3);
  });

  it('leaves out a delivery claim slower than the threshold and a streaming share under it', () => {
    const slow = claimsFrom(figures({ medianDeliveryHours: 48.1 }), DEFAULT_CLAIM_SETTINGS);
    expect(slow.map((c) => c.key)).toEqual(['tracks', 'streaming']);
    // 189 of 200 is 94.5%: floored to 94, under the 95 % default.
    const patchy = claimsFrom(figures({ mastersStreamingReady: 189 }), DEFAULT_CLAIM_SETTINGS);
    expect(patchy.map((c) => c.key)).toEqual(['tracks', 'delivery']);
    const none = claimsFrom(
      figures({ medianDeliveryHours: null, mastersMeasured: 0, mastersStreamingReady: 0 }),
      DEFAULT_CLAIM_SETTINGS,
    );
    expect(none.map((c) => c.key)).toEqual(['tracks']);
  });
});
