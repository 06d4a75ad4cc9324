// Working days as the studio keeps them: Monday to Friday in South African time. South Africa keeps
// UTC+2 all year (no daylight saving since 1944), so a studio day is a fixed span of UTC and the sum
// needs no time-zone tables. Public holidays are not counted out (a promise met a day early is kept).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** South African Standard Time, UTC+2. */
const SAST_OFFSET_MS = 2 * HOUR_MS;

/** Whether `dayStart` (a studio midnight, in studio-shifted milliseconds) is a Saturday or Sunday. */
const isWeekend = (shifted: number) => {
  const weekday = new Date(shifted).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The moment `days` working days of time have passed since `from`: only Monday to Friday (studio time)
 * counts, so a request on Friday at 15:00 is due on Monday at 15:00, and one on Saturday is due at the
 * end of Monday.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let shifted = from.getTime() + SAST_OFFSET_MS;
  let left = days * DAY_MS;
  while (left > 0) {
    const dayEnd = Math.floor(shifted / DAY_MS) * DAY_MS + DAY_MS;
    if (isWeekend(shifted)) {
      shifted = dayEnd;
      continue;
    }
    const step = Math.min(left, dayEnd - shifted);
    shifted += step;
    left -= step;
  }
  return new Date(shifted - SAST_OFFSET_MS);
}
