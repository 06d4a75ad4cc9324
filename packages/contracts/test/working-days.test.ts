import { describe, expect, it } from 'vitest';
import { addWorkingDays, refundRequestAnswerBy } from '../src';

// Working days are Monday to Friday in South African time (UTC+2 all year).
const sast = (local: string) => new Date(`${local}+02:00`);

describe('addWorkingDays', () => {
  it('adds a whole day on a weekday', () => {
    expect(addWorkingDays(sast('2026-12-01T10:00:00'), 1)).toEqual(sast('2026-12-02T10:00:00'));
  });

  it('skips the weekend: Friday afternoon is due on Monday afternoon', () => {
    expect(addWorkingDays(sast('2026-12-04T15:00:00'), 1)).toEqual(sast('2026-12-07T15:00:00'));
    // Half an hour is left of Friday; the rest of the day is counted on Monday.
    expect(addWorkingDays(sast('2026-12-04T23:30:00'), 1)).toEqual(sast('2026-12-07T23:30:00'));
  });

  it('starts a weekend request on Monday: due at the end of Monday', () => {
    expect(addWorkingDays(sast('2026-12-05T10:00:00'), 1)).toEqual(sast('2026-12-08T00:00:00'));
    expect(addWorkingDays(sast('2026-12-06T23:59:00'), 1)).toEqual(sast('2026-12-08T00:00:00'));
  });

  it('reads the day in studio time: Sunday 23:00 UTC is already Monday 01:00 in Johannesburg', () => {
    expect(addWorkingDays(new Date('2026-12-06T23:00:00Z'), 1)).toEqual(sast('2026-12-08T01:00:00'));
  });

  it('gives a refund request one working day', () => {
    expect(refundRequestAnswerBy(sast('2026-12-04T15:00:00'))).toEqual(sast('2026-12-07T15:00:00'));
  });
});
