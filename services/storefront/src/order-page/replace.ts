// Replacing a track the audio analysis flagged, from the order page (issue 25): the new file comes through
// the one upload path (`/uploads/<id>`, tus or a whole PUT), then this points the track at it.
import {
  fileAlreadyOrdered,
  fileNotUploadedHere,
  fileStillUploading,
  replacementClosed,
  replacementOpen,
  TRACK_NOT_FLAGGED,
  type CustomerOrderView,
  type ReplaceTrackBody,
  objectKeyOfPath,
  uploadIdOfKey,
} from '@mastering/contracts';
import { FileAnalysis, Order, Upload } from '@mastering/db';
import { enqueueAnalysis } from '@mastering/jobs';
import { Conflict, Forbidden, NotFound } from '@mastering/service-kit';
import { storedFileOf } from '../orders/service';
import { removeObjects, type SweepDeps } from '../uploads/sweeper';
import { owns, type Visitor } from '../visitor';
import { currentOriginal, flaggedReason } from './flags';
import { assertOrderLink, customerOrderView, type OrderPageDeps } from './service';

/** What a replacement needs beyond the order page: the storage that drops the old file. */
export type ReplaceDeps = OrderPageDeps & { files: Pick<SweepDeps, 'storage' | 'tus'> };

/** How the messages about the upload name it (the customer has only just chosen it). */
const NEW_FILE = 'The new file';

/**
 * POST /api/orders/:id/replacements: points a flagged track at the customer's new upload, as the link's
 * holder. Refused, nothing changed: another order's link (403); a track not of the order (404); an order
 * not paid, delivered, refunded or expired (409); a track the analysis did not flag (409); an upload not
 * of this browser (403), unfinished or already a track's (409). The flagged upload is of no use to
 * anyone, so it is deleted at once: its row with the change, its bytes just after (as an expiry does).
 * The track keeps its name and options, records when it was replaced (staff see it in the order and in
 * Audio Files) and its analysis runs again; the page says "checking" until it has.
 */
export async function replaceTrack(
  deps: ReplaceDeps,
  orderId: string,
  visitor: Visitor,
  body: ReplaceTrackBody,
  now: Date = new Date(),
): Promise<CustomerOrderView> {
  await assertOrderLink(deps.knex, deps.orderLinks, orderId, body.t);
  const uploadId = uploadIdOfKey(objectKeyOfPath(body.originalFilePath));
  const oldKeys = await deps.knex.transaction(async (trx) => {
    // Locked: a status change (a delivery, a refund) or a second replacement waits for this one.
    const order = await Order.query(trx).findById(orderId).forUpdate().withGraphFetched('files');
    if (!order) throw new NotFound('Order not found');
    const file = order.files?.find((f) => f.id === body.fileId);
    if (!file) throw new NotFound('This track is not part of the order.');
    if (!replacementOpen(order.status)) throw new Conflict(replacementClosed(order.status));
    const analyses = await FileAnalysis.query(trx).where({ fileId: file.id, role: 'original' }).orderBy('analysedAt');
    if (!flaggedReason(currentOriginal(file, analyses))) throw new Conflict(TRACK_NOT_FLAGGED);

    const upload = uploadId ? await Upload.query(trx).findById(uploadId).forUpdate() : undefined;
    if (!upload || !owns(visitor, upload)) throw new Forbidden(fileNotUploadedHere(NEW_FILE));
    if (upload.status !== 'completed') throw new Conflict(fileStillUploading(NEW_FILE));
    if (upload.orderFileId || upload.masteredFileId) throw new Conflict(fileAlreadyOrdered(NEW_FILE));

    const old = (await Upload.query(trx)
      .delete()
      .where('orderFileId', file.id)
      .returning('objectKey')) as unknown as Upload[];
    await Upload.query(trx).findById(upload.id).patch({ orderFileId: file.id });
    await file.$query(trx).patch({ ...storedFileOf(upload, file.originalName, file.mimeType), replacedAt: now });
    return old.map((u) => u.objectKey);
  });
  // Once the track points at the new file: a failure here leaves orphan bytes, never a broken track.
  await removeObjects(deps.files, oldKeys).catch((err: Error) =>
    deps.logger?.warn({ err: err.message, orderId }, 'could not remove a replaced upload'),
  );
  // The replacement stands whatever happens to this (as a payment does): a failure to queue is logged.
  await enqueueAnalysis(deps.queue, { fileId: body.fileId, role: 'original' }).catch((err: Error) =>
    deps.logger?.warn({ err: err.message, orderId }, 'could not queue the analysis of a replaced upload'),
  );
  return customerOrderView(deps, orderId, body.t, now);
}
