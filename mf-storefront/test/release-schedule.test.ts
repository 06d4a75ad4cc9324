import { describe, expect, it } from 'vitest';
import { scheduleRelease, trackAt } from '../src/lib/release-schedule';

// Issue 55: the release player schedules AudioBufferSourceNode.start(when) from this pure function.
const RATE = 44_100;

describe('the release scheduler', () => {
  it('starts track n+1 at the sample after track n ends when there is no gap', () => {
    const tracks = [
      { frames: 1_234_567, gapSeconds: null },
      { frames: 7_654_321, gapSeconds: null },
      { frames: 333, gapSeconds: 0 },
    ];
    const schedule = scheduleRelease(tracks, RATE, 10);
    expect(schedule[0]!.startFrame).toBe(10 * RATE);
    for (let n = 0; n + 1 < schedule.length; n++) {
      // Last sample of n is endFrame - 1; n+1's first sample is the next one.
      expect(schedule[n + 1]!.startFrame).toBe(schedule[n]!.startFrame + tracks[n]!.frames);
      expect(schedule[n + 1]!.startsAt * RATE).toBeCloseTo(schedule[n]!.endsAt * RATE, 6);
    }
  });

  it('waits each later track its gap, and not the first track’s gap at the start', () => {
    const schedule = scheduleRelease(
      [
        { frames: RATE * 3, gapSeconds: 2 },
        { frames: RATE * 4, gapSeconds: 2 },
        { frames: RATE, gapSeconds: 0.5 },
      ],
      RATE,
      1,
    );
    expect(schedule.map((t) => t.startsAt)).toEqual([1, 6, 10.5]);
    expect(schedule.map((t) => t.endsAt)).toEqual([4, 10, 11.5]);
  });

  it('starts from a later track without its gap', () => {
    const schedule = scheduleRelease(
      [
        { frames: RATE, gapSeconds: 2 },
        { frames: RATE, gapSeconds: 2 },
        { frames: RATE, gapSeconds: null },
      ],
      RATE,
      0,
      1,
    );
    expect(schedule.map((t) => t.startsAt)).toEqual([0, 1]);
  });

  it('finds the track playing at a time', () => {
    const schedule = scheduleRelease(
      [
        { frames: RATE, gapSeconds: null },
        { frames: RATE, gapSeconds: 1 },
      ],
      RATE,
      0,
    );
    expect([trackAt(schedule, -1), trackAt(schedule, 0.5), trackAt(schedule, 1.5), trackAt(schedule, 9)]).toEqual([
      -1, 0, 1, 2,
    ]);
  });
});
