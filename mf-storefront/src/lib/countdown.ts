import { COUNTDOWN_START_HOURS } from '@mastering/contracts';

/** The launch-special countdown starts here (in seconds) on every page load. */
export const COUNTDOWN_START_SECONDS = COUNTDOWN_START_HOURS * 60 * 60;

/** Remaining seconds as hours, minutes and seconds (never negative). */
export function splitCountdown(remaining: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(remaining));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Two-digit display of one countdown unit. */
export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
