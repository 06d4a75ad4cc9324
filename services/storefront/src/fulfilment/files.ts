// An order's files and release as the studio works them (issue 52: the storefront owns order_files,
// release_tracks and release_references; ops' staff actions and retention ask it here).
import type { Knex } from 'knex';
import { RELEASE_TRACKS_MISMATCH, type AudioDeletedBody, type OwnerProcessingBody } from '@mastering/contracts';
import { OrderFile, Release, ReleaseReference, ReleaseTrack, Session } from '@mastering/db';
import { BadRequest, NotFound } from '@mastering/service-kit';

/** The engineer's status and notes of one file; completed or error stamps the processed time. */
export async function setProcessing(knex: Knex, id: string, body: OwnerProcessingBody, now: Date) {
  const done = body.processingStatus === 'completed' || body.processingStatus === 'error';
  const changed = await OrderFile.query(knex)
    .findById(id)
    .patch({
      processingStatus: body.processingStatus,
      ...(body.processingNotes !== undefined ? { processingNotes: body.processingNotes.trim() || null } : {}),
      processedAt: done ? now : null,
    });
  if (!changed) throw new NotFound('Audio file not found');
}

/**
 * Records that the audio of these order files and release references was deleted from storage
 * (retention, erasure): a file keeps its first `audio_deleted_at`, a reference forgets its path.
 */
export async function markAudioDeleted(knex: Knex, { at, fileIds = [], referenceIds = [] }: AudioDeletedBody) {
  await knex.transaction(async (trx) => {
    if (fileIds.length > 0)
      await OrderFile.query(trx)
        .whereIn('id', fileIds)
        .whereNull('audioDeletedAt')
        .patch({ audioDeletedAt: new Date(at) });
    if (referenceIds.length > 0)
      await ReleaseReference.query(trx).whereIn('id', referenceIds).patch({ filePath: null });
  });
}

/**
 * Puts the release's tracks in the order of `fileIds` (every track once, else 400, nothing changes).
 * Each track keeps its gap, notes, anchor mark, masters and revisions: they belong to the track.
 */
export async function reorderRelease(knex: Knex, orderId: string, fileIds: readonly string[]) {
  await knex.transaction(async (trx) => {
    const release = await Release.query(trx).where({ orderId }).forUpdate().first();
    if (!release) throw new NotFound('This order is not a release.');
    const tracks = await ReleaseTrack.query(trx).where({ releaseId: release.id });
    const known = new Set(tracks.map((t) => t.fileId));
    if (
      fileIds.length !== tracks.length ||
      new Set(fileIds).size !== fileIds.length ||
      fileIds.some((id) => !known.has(id))
    )
      throw new BadRequest(RELEASE_TRACKS_MISMATCH);
    for (const [i, fileId] of fileIds.entries())
      await ReleaseTrack.query(trx)
        .where({ releaseId: release.id, fileId })
        .patch({ position: i + 1 });
  });
}

/** A shortened session timeout applies to everyone at once (see Session.capLifetime). */
export const capSessions = (knex: Knex, hours: number) => Session.capLifetime(knex, hours);
