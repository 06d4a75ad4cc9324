/** Whole seconds left from `now` until the launch special's end (ISO instant), never negative. */
export function secondsUntil(endsAt: string, now: number = Date.now()): number {
  const ends = Date.parse(endsAt);
  return Number.isFinite(ends) ? Math.max(0, Math.floor((ends - now) / 1000)) : 0;
}

/** Remaining seconds as hours, minutes and seconds (never negative). */
export function splitCountdown(remaining: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(remaining));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Two-digit display of one countdown unit. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
