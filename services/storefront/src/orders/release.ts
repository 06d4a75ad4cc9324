import type { Knex } from 'knex';
import {
  fileNotUploadedHere,
  fileStillUploading,
  fileAlreadyOrdered,
  REFERENCE_SAME_AS_TRACK,
  RELEASE_TRACKS_MISMATCH,
  sanitizeFileName,
  objectKeyOfPath,
  objectPathOfKey,
  uploadIdOfKey,
  type CreateOrderBody,
  type ReleaseChoice,
  type ReleaseInput,
} from '@mastering/contracts';
import { Release, ReleaseReference, ReleaseTrack, Upload } from '@mastering/db';
import { BadRequest, Conflict, Forbidden } from '@mastering/service-kit';
import { owns, type Visitor } from '../visitor';

// The release of an order (issue 55): checked against the order's files before anything is written,
// then stored in the order's transaction, so an order never exists without the release it was placed with.

/** Single, EP or album: what the order is priced as. */
export const releaseChoiceOf = (body: Pick<CreateOrderBody, 'release'>): ReleaseChoice =>
  body.release?.kind ?? 'single';

/**
 * The upload ids of the release's reference tracks, after checking that its running order lists every
 * file of the order once (400 otherwise) and that no reference is one of the tracks.
 */
export function checkRelease(release: ReleaseInput, trackUploadIds: readonly (string | null)[]): string[] {
  const listed = new Set(release.tracks.map((t) => t.file));
  if (release.tracks.length !== trackUploadIds.length || [...listed].some((i) => i >= trackUploadIds.length))
    throw new BadRequest(RELEASE_TRACKS_MISMATCH);
  const referenceIds = release.references.map((ref) => uploadIdOfKey(objectKeyOfPath(ref.originalFilePath)));
  release.references.forEach((ref, i) => {
    if (!referenceIds[i]) throw new BadRequest(fileNotUploadedHere(ref.originalName));
  });
  const ids = referenceIds as string[];
  if (ids.some((id) => trackUploadIds.includes(id)) || new Set(ids).size !== ids.length)
    throw new BadRequest(REFERENCE_SAME_AS_TRACK);
  return ids;
}

/**
 * Writes the release of a new order inside its transaction: the tracks in running order with their
 * gaps and anchor, and the reference tracks, each an upload of this visitor's, completed and not in
 * another order (locked, like the tracks' uploads, so two orders cannot take the same one).
 */
export async function storeRelease(
  trx: Knex.Transaction,
  visitor: Visitor,
  orderId: string,
  release: ReleaseInput,
  fileIds: readonly string[],
  referenceUploadIds: readonly string[],
): Promise<void> {
  const stored = await Release.query(trx).insert({
    orderId,
    kind: release.kind,
    title: release.title,
    artist: release.artist,
    notes: release.notes || null,
  });
  const trackFileIds = release.tracks.map((t) => fileIds[t.file]!);
  await ReleaseTrack.query(trx).insert(
    release.tracks.map((track, i) => ({
      releaseId: stored.id,
      fileId: trackFileIds[i]!,
      position: i + 1,
      gapMs: track.gapSeconds === null ? null : Math.round(track.gapSeconds * 1000),
      isAnchor: i === release.anchor,
      notes: track.notes || null,
    })) as never,
  );
  if (referenceUploadIds.length === 0) return;
  const uploads = new Map(
    (
      await Upload.query(trx)
        .whereIn('id', referenceUploadIds as string[])
        .forUpdate()
    ).map((u) => [u.id, u]),
  );
  const taken = new Set(
    (
      await ReleaseReference.query(trx)
        .whereIn('uploadId', referenceUploadIds as string[])
        .select('uploadId')
    ).map((r) => r.uploadId),
  );
  const rows = release.references.map((ref, i) => {
    const upload = uploads.get(referenceUploadIds[i]!);
    if (!upload || !owns(visitor, upload)) throw new Forbidden(fileNotUploadedHere(ref.originalName));
    if (upload.status !== 'completed') throw new BadRequest(fileStillUploading(ref.originalName));
    if (upload.orderFileId || upload.masteredFileId || taken.has(upload.id))
      throw new Conflict(fileAlreadyOrdered(ref.originalName));
    return {
      releaseId: stored.id,
      orderId,
      fileId: ref.track === undefined ? null : trackFileIds[ref.track]!,
      uploadId: upload.id,
      originalName: sanitizeFileName(ref.originalName),
      filePath: objectPathOfKey(upload.objectKey),
      takes: ref.takes,
      note: ref.note || null,
    };
  });
  await ReleaseReference.query(trx).insert(rows as never);
}
