import type { OrderStatus } from './enum-schemas';

// Retention for every ending (issue 50 Deliver 6, POPIA s14): an order's audio (its source uploads and
// every master) is deleted a set number of days after the order ended, each ending with its own period
// from Settings → Security. An order that has not ended (paid and being mastered, mid-revision, a
// refund pending) keeps its audio: the clock starts only when it ends, and a revision that is delivered
// again starts the delivered clock anew.

/** The ways an order ends, each with its own retention period. */
export const RETENTION_ENDINGS = ['delivered', 'refunded', 'cancelled', 'expired'] as const;
export type RetentionEnding = (typeof RETENTION_ENDINGS)[number];

/**
 * The ending an order in `status` has reached, or null while it is still open. A cancelled order that
 * was never paid ends like an expired one (nothing was bought); cancelled after payment is its own.
 */
export function endingOf(status: OrderStatus, paid: boolean): RetentionEnding | null {
  if (status === 'delivered' || status === 'refunded' || status === 'expired') return status;
  if (status === 'cancelled') return paid ? 'cancelled' : 'expired';
  return null;
}

/** The Security setting holding each ending's period (days). */
export const RETENTION_SETTING_KEYS = {
  delivered: 'audioRetentionDays',
  refunded: 'refundedRetentionDays',
  cancelled: 'cancelledRetentionDays',
  expired: 'expiredRetentionDays',
} as const satisfies Record<RetentionEnding, string>;

/** Each ending's period unless Settings says otherwise (days). */
export const DEFAULT_RETENTION_DAYS: Readonly<Record<RetentionEnding, number>> = {
  delivered: 90,
  // Long enough to answer a question about the refund, no longer.
  refunded: 30,
  cancelled: 30,
  // Nothing was bought: the files go the day after the order expired.
  expired: 1,
};

/** Each ending's label on the Settings screen (the box holds its days). */
export const RETENTION_FIELD_LABELS: Readonly<Record<RetentionEnding, string>> = {
  delivered: 'Delete audio N days after delivery',
  refunded: 'Delete audio N days after the order is refunded',
  cancelled: 'Delete audio N days after a paid order is cancelled',
  expired: 'Delete audio N days after an unpaid order expires or is cancelled',
};

/** What retention does (shown under its heading on the Settings screen, and promised by the privacy policy). */
export const RETENTION_SETTINGS_NOTE =
  'Uploaded tracks and every master of an order are deleted this many days after the order ends. An order with a revision open keeps its audio; when the revision is delivered the count starts again.';

const DAY_MS = 86_400_000;

/** When the audio of an order that reached `ending` at `endedAt` is due for deletion, under `periods` (days by setting key). */
export function audioDeletionDueAt(
  ending: RetentionEnding,
  endedAt: Date,
  periods: Readonly<Record<(typeof RETENTION_SETTING_KEYS)[RetentionEnding], number>>,
): Date {
  return new Date(endedAt.getTime() + periods[RETENTION_SETTING_KEYS[ending]] * DAY_MS);
}

/**
 * The retention period (days) an order in `status` is under: its ending's, or the delivered one's while
 * it is open (what it will be kept for once delivered). The order page and its "Audio deleted" line use it.
 */
export function retentionDaysOf(
  status: OrderStatus,
  paid: boolean,
  periods: Readonly<Record<(typeof RETENTION_SETTING_KEYS)[RetentionEnding], number>>,
): number {
  return periods[RETENTION_SETTING_KEYS[endingOf(status, paid) ?? 'delivered']];
}

/** A period as the legal texts say it: "1 day", "90 days". */
export const retentionPeriodText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
