// The customer's order page without zod: its texts, labels, time formatting and the URL of its one read.
// Every order mail links to the page, so it is many a customer's first visit; the shell asks for its read
// while the page's code loads (shell/src/page-routes.ts), and the page's bundle takes no zod (24 KB
// brotli) for what it shows. The schemas of its answers are in customer-orders.ts.

/** The studio's time zone: due times on the order page are written in it. */
export const STUDIO_TIME_ZONE = 'Africa/Johannesburg';

/** GET /api/orders/:id/view?t=<token>: the order page's read (its query key too), by the mailed link's token. */
export const orderViewPath = (id: string, token: string) =>
  `/api/orders/${encodeURIComponent(id)}/view?t=${encodeURIComponent(token)}`;

/** The steps of the page's timeline, in order. */
export const TIMELINE_STEPS = ['placed', 'paid', 'in_progress', 'delivered'] as const;
export const TIMELINE_LABELS: Record<(typeof TIMELINE_STEPS)[number], string> = {
  placed: 'Placed',
  paid: 'Paid',
  in_progress: 'In progress',
  delivered: 'Delivered',
};

/** A refund's life: pending until Yoco's webhook says it succeeded or failed. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const REFUND_STATUS_LABELS: Record<(typeof REFUND_STATUSES)[number], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** "1:23": a pinned time of a track. */
export function formatTrackTime(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// Made on first use, not when the module loads: a formatter with a time zone takes V8 about 20 ms to
// make (it loads the zone's rules), and the shell's routing table loads this module on every page.
let studioTime: Intl.DateTimeFormat | undefined;
/** A time as the studio states it, in its own time zone ("25 November 2026 at 14:00"), wherever it is read. */
export function formatStudioTime(value: string | Date): string {
  studioTime ??= new Intl.DateTimeFormat('en-ZA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: STUDIO_TIME_ZONE,
  });
  return studioTime.format(new Date(value));
}

/** "5 h 20 min left" / "3 h 5 min overdue": the time left of an order's 48 hours. */
export function timeLeftText(dueAt: Date | string, now: Date = new Date()): string {
  const ms = new Date(dueAt).getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const text = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return ms > 0 ? `${text} left` : `${text} overdue`;
}

/** What the download and order pages say about retention: before, and once the audio is gone. */
export const RETENTION_TEXTS = {
  notice: (days: number) => `Files are deleted ${days} days after delivery.`,
  deleted: (days: number) => `Audio deleted after ${days} days.`,
} as const;

/** The texts of the order page's Replace file control. */
export const REPLACE_TEXTS = {
  button: 'Replace file',
  chooseLabel: (name: string) => `Choose a new file for ${name}`,
  uploading: (percent: number) => `Uploading the new file… ${percent}%`,
  done: 'File replaced. We are checking the new file now; this page shows the result shortly.',
  measuring: 'Replaced: checking the new file…',
  failed: 'The new file could not be uploaded. Please try again.',
} as const;

/** The longest comment a rating keeps. */
export const RATING_COMMENT_MAX = 1000;
/** Where the order page's rating form is: the delivery and feedback mails link to it (`<order page>#rate`). */
export const RATING_ANCHOR = 'rate';
/** What the rating form says once the rating is saved. */
export const RATING_THANKS = 'Thank you for rating your master.';
