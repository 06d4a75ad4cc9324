import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  isUploadContentType,
  maxFileSizeBytes,
  UPLOAD_ALREADY_COMPLETED,
  UPLOAD_NOT_AUDIO,
  UPLOAD_OTHER_PROTOCOL,
  UPLOAD_URL_EXPIRED,
  uploadTooLarge,
  type UploadProtocol,
  type UploadUrlResponse,
} from '@mastering/contracts';
import { objectKeyOf, Upload } from '@mastering/db';
import { Forbidden, Invalid, NotFound } from '@mastering/service-kit';
import { ObjectTooLargeError, type ObjectStorage } from '@mastering/storage';
import { currentPricing } from '../site-config/service';
import type { Visitor } from '../visitor';
import type { TusStore } from './tus-store';

/** What the upload logic needs: the database, the object storage, and where tus keeps uploads under way. */
export type UploadDeps = {
  knex: Knex;
  storage: ObjectStorage;
  tus: TusStore;
  urlTtlHours: number;
};

export { UPLOAD_PREFIX, objectKeyOf } from '@mastering/db';

/** The upload size limit in force (settings `maxFileSizeMb`), in bytes and in MB for messages. */
export async function uploadLimit(knex: Knex): Promise<{ bytes: number; mb: number }> {
  const { maxFileSizeMb } = await currentPricing(knex);
  return { bytes: maxFileSizeBytes(maxFileSizeMb), mb: maxFileSizeMb };
}

/** Opens an upload for this visitor: a row tying the future object to the browser, and its URL. */
export async function createUpload(deps: UploadDeps, visitor: Visitor): Promise<UploadUrlResponse> {
  const { uploadURL } = await Upload.open(deps.knex, { guestKeyHash: visitor.guestKeyHash, userId: visitor.userId }, deps.urlTtlHours);
  return { uploadURL };
}

/**
 * The upload behind a URL, refused when it cannot take bytes: unknown (404), expired or already
 * complete (403), or begun through the other protocol (403). `forWrite: false` (tus asking how far an
 * upload got) lets a completed upload answer, so a client that lost the last reply can finish.
 */
export async function writableUpload(knex: Knex, id: string, protocol: UploadProtocol, { forWrite = true } = {}): Promise<Upload> {
  const upload = await Upload.query(knex).findById(id);
  if (!upload) throw new NotFound('Upload not found');
  if (upload.status === 'completed') {
    if (forWrite || upload.protocol !== protocol) throw new Forbidden(UPLOAD_ALREADY_COMPLETED);
    return upload;
  }
  if (upload.expiresAt.getTime() <= Date.now()) throw new Forbidden(UPLOAD_URL_EXPIRED);
  if (upload.protocol && upload.protocol !== protocol) throw new Forbidden(UPLOAD_OTHER_PROTOCOL);
  return upload;
}

/** Fixes the protocol of an upload on its first write; false when the other one got there first. */
export async function claimProtocol(knex: Knex, id: string, protocol: UploadProtocol): Promise<void> {
  const claimed = await Upload.query(knex)
    .patch({ protocol })
    .where('id', id)
    .where((w) => w.whereNull('protocol').orWhere('protocol', protocol));
  if (claimed === 0) throw new Forbidden(UPLOAD_OTHER_PROTOCOL);
}

/** Records that an upload's object is stored whole: its size, type and (tus) original name. */
export async function completeUpload(knex: Knex, id: string, stored: { size: number; contentType: string | null; originalName?: string | null }) {
  await Upload.query(knex)
    .patch({ status: 'completed', size: stored.size, contentType: stored.contentType, originalName: stored.originalName ?? null, completedAt: new Date() })
    .where('id', id);
}

/**
 * Stores the whole body of a PUT, streamed (never held in memory) to the storage: refused before a
 * byte is stored when the type is not audio (415) or the declared length is over the limit (413); a
 * body without a length that grows past the limit is cut off and nothing is kept (413).
 */
export async function putWholeBody(
  deps: UploadDeps,
  id: string,
  body: Readable,
  head: { contentType: string | undefined; contentLength: number | undefined },
): Promise<{ objectPath: string; size: number }> {
  await writableUpload(deps.knex, id, 'put');
  if (!isUploadContentType(head.contentType)) throw new Invalid(UPLOAD_NOT_AUDIO, undefined, 415);
  const limit = await uploadLimit(deps.knex);
  if (head.contentLength !== undefined && head.contentLength > limit.bytes) throw new Invalid(uploadTooLarge(limit.mb), undefined, 413);
  await claimProtocol(deps.knex, id, 'put');
  const contentType = head.contentType?.split(';')[0]!.trim() || 'application/octet-stream';
  try {
    const { size } = await deps.storage.put(objectKeyOf(id), body, { maxBytes: limit.bytes, contentType });
    await completeUpload(deps.knex, id, { size, contentType });
    return { objectPath: `/objects/${id}`, size };
  } catch (err) {
    if (err instanceof ObjectTooLargeError) throw new Invalid(uploadTooLarge(limit.mb), undefined, 413);
    throw err;
  }
}

/**
 * Removes uploads never attached to an order that began more than `olderThanHours` ago: the stored
 * object or partial tus upload, tus's record, then the row. Answers how many were removed.
 */
export async function sweepAbandonedUploads(deps: Pick<UploadDeps, 'knex' | 'storage' | 'tus'>, olderThanHours: number): Promise<number> {
  const stale = await Upload.query(deps.knex).modify('abandonedBefore', new Date(Date.now() - olderThanHours * 3_600_000)).limit(1000);
  let removed = 0;
  for (const upload of stale) {
    // The row goes first, and only while still unattached: an order that claimed the upload meanwhile
    // keeps its file. A crash before the files are gone leaves only orphan bytes, never a broken order.
    if ((await Upload.query(deps.knex).delete().where('id', upload.id).whereNull('orderFileId').whereNull('masteredFileId')) === 0) continue;
    await deps.tus.forget(upload.objectKey);
    await deps.storage.delete(upload.objectKey);
    removed += 1;
  }
  return removed;
}
