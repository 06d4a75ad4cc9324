import { z } from 'zod';
import { orderToken } from './customer-orders';
import type { OrderStatus } from './enum-schemas';
import { OPEN_ORDER_STATUSES } from './orders';
import { objectKeyOfPath } from './uploads';

// Replacing a track the audio analysis flagged (issue 25, the order page): the customer uploads a new
// file through the same resumable upload as the upload page, then points the track at it. Only while the
// order is paid and not yet delivered; the engineers have nothing to master until then.

/** The answer when the path is not a finished upload's ("/objects/<id>"). */
export const REPLACEMENT_NOT_UPLOADED = 'Upload the new file first, then replace the track with it.';

/** POST /api/orders/:id/replacements: one flagged track's new upload, from the order page. */
export const ReplaceTrackBody = z.object({
  t: orderToken,
  fileId: z.uuid('Not a valid track'),
  /** The stored path the finished upload answered ("/objects/<upload id>"). */
  originalFilePath: z
    .string()
    .max(200, REPLACEMENT_NOT_UPLOADED)
    .refine((path) => objectKeyOfPath(path) !== null, REPLACEMENT_NOT_UPLOADED),
});
export type ReplaceTrackBody = z.infer<typeof ReplaceTrackBody>;

/** True while a flagged track may be replaced: the order is paid and its masters not yet delivered. */
export const replacementOpen = (status: OrderStatus) =>
  (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

// The server's refusals (409, nothing changed), in words the page shows as they are.
export const TRACK_NOT_FLAGGED = 'This track does not need replacing: its analysis found nothing wrong with it.';

/** Why the order's files cannot be replaced in `status` (delivered, refunded, unpaid or expired). */
export function replacementClosed(status: OrderStatus): string {
  switch (status) {
    case 'delivered':
    case 'revision_requested':
      return 'Your master has already been delivered, so this file can no longer be replaced. Ask for a revision instead.';
    case 'refund_pending':
    case 'refunded':
      return 'This order has been refunded, so its files can no longer be replaced.';
    case 'expired':
    case 'cancelled':
      return 'This order is closed, so its files can no longer be replaced.';
    default:
      return 'Files can be replaced once the order is paid.';
  }
}
