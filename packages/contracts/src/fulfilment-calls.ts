import { z } from 'zod';
import { FileStatus } from './enum-schemas';
import { AssignOrderBody, ExpectedAtBody } from './orders';
import { ReorderReleaseBody } from './releases';

// Issue 52: the storefront owns orders, order files and releases; ops' staff actions and timer jobs
// that change them ask it over these internal routes (never forwarded by the gateway), signed with the
// staff member's identity (or the worker's). Repeating a call is harmless: a notice goes once, a mark
// stays as first set (revoking links again revokes again, as the staff's button does).

/** PUT /internal/orders/:id/assignee: the caller takes the order or lets it go. */
export const OwnerAssignBody = AssignOrderBody;
/** PUT /internal/orders/:id/expected-at: the engineer's expected time (a delay past the promise is mailed). */
export const OwnerExpectedAtBody = ExpectedAtBody;

/** POST /internal/orders/:id/delay-notice: tell the customer once this round; only if still due by `overdueAt`. */
export const DelayNoticeBody = z.object({ at: z.iso.datetime(), overdueAt: z.iso.datetime().optional() });
export type DelayNoticeBody = z.infer<typeof DelayNoticeBody>;

/** POST /internal/orders/:id/feedback-request: ask a delivered order for its rating, once. */
export const FeedbackRequestBody = z.object({ at: z.iso.datetime() });
export type FeedbackRequestBody = z.infer<typeof FeedbackRequestBody>;

/** What a once-only notice answers: whether this call sent it (false: it went before, or is not due). */
export const NoticeSent = z.object({ sent: z.boolean() });
export type NoticeSent = z.infer<typeof NoticeSent>;

/** PUT /internal/order-files/:id/processing: the engineer's status and notes of one file. */
export const OwnerProcessingBody = z.object({
  processingStatus: FileStatus,
  processingNotes: z.string().max(5000).optional(),
});
export type OwnerProcessingBody = z.infer<typeof OwnerProcessingBody>;

/** POST /internal/audio-deleted: retention or erasure deleted these files' and references' audio. */
export const AudioDeletedBody = z.object({
  at: z.iso.datetime(),
  fileIds: z.array(z.uuid()).max(1000).default([]),
  referenceIds: z.array(z.uuid()).max(1000).default([]),
});
export type AudioDeletedBody = z.input<typeof AudioDeletedBody>;

/** PUT /internal/orders/:id/running-order: the release's tracks in this order. */
export const OwnerReorderBody = ReorderReleaseBody;

/** POST /internal/sessions/cap: no session outlives `hours` from its sign-in (Settings -> Security). */
export const CapSessionsBody = z.object({ hours: z.number().positive() });
export type CapSessionsBody = z.infer<typeof CapSessionsBody>;
