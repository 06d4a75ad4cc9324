import { z } from 'zod';
import { StreamingPreview } from './streaming-preview';
import { Loudness, MasteringStyle, OrderStatus, Tone } from './enum-schemas';
import { TextBoolean } from './common';
import { INVALID_EMAIL, NO_EMAIL } from './messages';
import { RefundStatus } from './refund-status';
import { OrderRatingView } from './ratings';
import { TIMELINE_STEPS } from './order-page';

// The customer's side of an order after payment (issue 25): the order page opened from a signed link in
// every order mail, Track my order, and revision requests. No account needed: the link is the permission.

/** The answer to a missing, forged, expired or other order's link (403). */
export const ORDER_LINK_INVALID =
  'This order link is not valid or has expired. Use Track my order to get a new link by email.';

/** The signed token of an order-page link (`?t=` of the link in the mail). */
export const orderToken = z.string().min(10, ORDER_LINK_INVALID).max(2000, ORDER_LINK_INVALID);

/** GET /api/orders/:id/view?t=<token> */
export const OrderViewQuery = z.object({ t: orderToken });
export type OrderViewQuery = z.infer<typeof OrderViewQuery>;

/** GET /api/orders/:id/invoice[?t=<token>]: the order page's link, or (without it) the paying browser or staff. */
export const OrderInvoiceQuery = z.object({ t: orderToken.optional() });
export type OrderInvoiceQuery = z.infer<typeof OrderInvoiceQuery>;

/**
 * A refund of the order as its page shows it (amount in rand), with its credit note once it succeeded:
 * the number and the PDF through this page's link.
 */
export const CustomerRefundView = z.object({
  amount: z.number(),
  status: RefundStatus,
  createdAt: z.string(),
  creditNote: z.object({ number: z.string(), url: z.string() }).nullable(),
});
export type CustomerRefundView = z.infer<typeof CustomerRefundView>;

export const TimelineEntry = z.object({ step: z.enum(TIMELINE_STEPS), at: z.string().nullable() });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** One measured loudness (original or master): what the A/B player levels by. */
export const MeasuredLoudness = z.object({
  integratedLufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  waveform: z.array(z.number()),
});
export type MeasuredLoudness = z.infer<typeof MeasuredLoudness>;

/** One master version of a track (v1, v2, ...), newest first on the page. */
export const MasterVersionView = z.object({
  version: z.number().int().positive(),
  createdAt: z.string(),
  loudness: MeasuredLoudness.nullable(),
  /** How platforms play this version and its peaks after lossy encoding, once measured. */
  streamingPreview: StreamingPreview.nullish(),
  /** Plays and downloads this version (a short-lived signed link). */
  url: z.string(),
});
export type MasterVersionView = z.infer<typeof MasterVersionView>;

/** One revision request of a track. */
export const RevisionView = z.object({
  id: z.uuid(),
  round: z.number().int().positive(),
  note: z.string(),
  atSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type RevisionView = z.infer<typeof RevisionView>;

/** A track on the order page: its options, its measured loudness, its masters and revisions. */
export const OrderTrackView = z.object({
  id: z.uuid(),
  originalName: z.string(),
  masteringStyle: MasteringStyle,
  tone: Tone,
  loudness: Loudness,
  volumeMatch: TextBoolean,
  original: MeasuredLoudness.nullable(),
  /** Why the analysis says the upload cannot be mastered (then the page asks for a replacement), else null. */
  needsReplacing: z.string().nullable(),
  /** True when the page offers Replace file: flagged, and the order paid and not yet delivered (see track-replacement.ts). */
  replaceable: z.boolean().optional(),
  /** When the customer last replaced the upload (its new analysis may still be running), else null. */
  replacedAt: z.string().nullable().optional(),
  /** Plays the original (for the A/B player) once there is a master; else null. */
  originalUrl: z.string().nullable(),
  masters: z.array(MasterVersionView),
  revisions: z.array(RevisionView),
  /** True once the retention job (or an erasure) deleted the audio: no masters or original are offered. */
  audioDeleted: z.boolean(),
});
export type OrderTrackView = z.infer<typeof OrderTrackView>;

/** How many free revisions are left and until when (per track: each track may be revised `free` times). */
export const RevisionAllowance = z.object({
  free: z.number().int(),
  windowDays: z.number().int(),
  /** Delivery + window; null before the first delivery. */
  windowEndsAt: z.string().nullable(),
  /** Why no revision can be asked for now (not delivered, window over), else null. */
  closedReason: z.string().nullable(),
});
export type RevisionAllowance = z.infer<typeof RevisionAllowance>;

/** GET /api/orders/:id/view: the customer's order page. */
export const CustomerOrderView = z.object({
  id: z.uuid(),
  status: OrderStatus,
  createdAt: z.string(),
  total: z.number(),
  trackCount: z.number().int(),
  timeline: z.array(TimelineEntry),
  /** paidAt + 48 h while paid and not delivered; else null. */
  dueAt: z.string().nullable(),
  /** The current revision round (0 before any revision). */
  round: z.number().int(),
  revisions: RevisionAllowance,
  tracks: z.array(OrderTrackView),
  /** The order's refunds, newest first. */
  refunds: z.array(CustomerRefundView),
  /** The invoice PDF through this page's link, once the order has one; else null. */
  invoiceUrl: z.string().nullable(),
  /** The customer's rating of the masters, once given (see ratings.ts). */
  rating: OrderRatingView.nullable(),
  /** Days the audio is kept after the order ends: its ending's period, the delivered one while open (retention.ts). */
  retentionDays: z.number().int().positive(),
  /** Once delivered with a release pack (issue 54): the download page of its files and zip (a short-lived link); else null. */
  releasePackUrl: z.string().nullable().optional(),
});
export type CustomerOrderView = z.infer<typeof CustomerOrderView>;

/** What the customer may type on a revision request. */
export const REVISION_NOTE_REQUIRED = 'Please say what should change.';
export const REVISION_NOTE_MAX = 2000;

/** POST /api/orders/:id/revisions: one track's revision request, from the order page. */
export const RevisionRequestBody = z.object({
  t: orderToken,
  fileId: z.uuid('Not a valid track'),
  note: z.string().trim().min(1, REVISION_NOTE_REQUIRED).max(REVISION_NOTE_MAX, 'That note is too long.'),
  /** The time of the track the note is pinned to ("at 1:23"), in seconds; null when not pinned. */
  atSeconds: z.number().min(0).max(86_400).nullable().default(null),
});
export type RevisionRequestBody = z.input<typeof RevisionRequestBody>;

// The server's refusals of a revision request (409), in words the page shows as they are.
export const REVISION_NOT_DELIVERED = 'A revision can be requested once your master has been delivered.';
export const REVISION_ALREADY_REQUESTED = 'A revision of this order is already with our engineers.';
export const revisionsUsedUp = (free: number) =>
  `This track has had its ${free} free revision${free === 1 ? '' : 's'}. Please write to us for more changes.`;
export const revisionWindowOver = (days: number) =>
  `Free revisions can be requested within ${days} days of delivery; that time is over. Please write to us.`;

/** POST /api/orders/track: Track my order. */
export const TrackOrdersBody = z.object({
  email: z.string().trim().min(1, NO_EMAIL).pipe(z.email(INVALID_EMAIL)),
});
export type TrackOrdersBody = z.infer<typeof TrackOrdersBody>;
/** Its one answer, the same whether or not the address has orders. */
export const TRACK_ORDERS_SENT =
  'If that address has orders with us, we have emailed it a link to each of them. Check your inbox.';
export const TrackOrdersResponse = z.object({ message: z.string() });
export type TrackOrdersResponse = z.infer<typeof TrackOrdersResponse>;
export const TOO_MANY_TRACK_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';
