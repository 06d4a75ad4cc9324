import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  AUDIO_FORMATS,
  isUploadContentType,
  maxFileSizeBytes,
  UPLOAD_ALREADY_COMPLETED,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_NOT_AUDIO,
  UPLOAD_OTHER_PROTOCOL,
  UPLOAD_URL_EXPIRED,
  uploadTooLarge,
  type UploadProtocol,
  type UploadUrlResponse,
  objectKeyOf,
  objectPathOfKey,
} from '@mastering/contracts';
import { Upload } from '@mastering/db';
import { enqueueMixCheck, type Queue } from '@mastering/jobs';
import { Forbidden, Invalid, NotFound } from '@mastering/service-kit';
import { ObjectTooLargeError, type ObjectStorage } from '@mastering/storage';
import { currentPricing } from '../site-config/service';
import type { Visitor } from '../visitor';
import type { TusStore } from './tus-store';
import { assertRoom, releaseRoom, reserveRoom, type FreeSpaceGuard } from './free-space';
import { reserveUploadBytes, withinFileLimits } from './quota';
import { sniffAudio } from './sniff';

// The one owner of upload bytes: `/uploads/<id>` (one PUT or tus) receives every stored audio file,
// a customer's track and an engineer's master alike. Ops only opens a master's upload (Upload.open)
// and, once complete, confirms it (Upload.attachMaster in its confirm-upload); the bytes, their
// sniffing, limits and the sweep of abandoned uploads live here only.

/** What the upload logic needs: the database, the object storage, where tus keeps uploads under way, and the disks' free-space floor. */
export type UploadDeps = {
  knex: Knex;
  storage: ObjectStorage;
  tus: TusStore;
  urlTtlHours: number;
  space: FreeSpaceGuard;
  /** Where a stored customer upload's mix check is queued (without one, none is). */
  queue?: Queue;
  logger?: { warn: (obj: object, msg: string) => void };
};

/** The upload size limit in force (settings `maxFileSizeMb`), in bytes and in MB for messages. */
export async function uploadLimit(knex: Knex): Promise<{ bytes: number; mb: number }> {
  const { maxFileSizeMb } = await currentPricing(knex);
  return { bytes: maxFileSizeBytes(maxFileSizeMb), mb: maxFileSizeMb };
}

/**
 * Opens an upload for this visitor from `clientAddress`: a row tying the future object to the browser,
 * and its URL. Refused while the disk is nearly full (507) or when the visitor or the address already
 * holds its limit of files not in a paid order (429).
 */
export async function createUpload(
  deps: UploadDeps,
  visitor: Visitor,
  clientAddress: string,
): Promise<UploadUrlResponse> {
  await assertRoom(deps.knex, deps.space);
  const owner = { guestKeyHash: visitor.guestKeyHash, userId: visitor.userId, clientAddress };
  const { uploadURL } = await withinFileLimits(deps.knex, owner, (trx) => Upload.open(trx, owner, deps.urlTtlHours));
  return { uploadURL };
}

/**
 * Admits the first write of an upload that declares `declaredBytes` (the per-file limit when it declares
 * none) through `protocol`: refused when the disk it lands on has not that much room above its floor,
 * counting the bytes held for uploads admitted before (507), or when the bytes would take its visitor
 * or address past their limit (429); otherwise they are held in the disk ledger and against those
 * limits before they arrive.
 */
export async function admitBytes(
  deps: UploadDeps,
  upload: Upload,
  protocol: UploadProtocol,
  declaredBytes: number,
): Promise<void> {
  await reserveRoom(deps.knex, deps.space, upload, protocol, declaredBytes);
  try {
    // Public uploads only: staff masters (opened by ops) carry no client address and no limits.
    if (upload.clientAddress) await reserveUploadBytes(deps.knex, upload, declaredBytes);
  } catch (err) {
    await releaseRoom(deps.knex, upload.id).catch(() => undefined);
    throw err;
  }
}

/**
 * The upload behind a URL, refused when it cannot take bytes: unknown (404), expired or already
 * complete (403), or begun through the other protocol (403). `forWrite: false` (tus asking how far an
 * upload got) lets a completed upload answer, so a client that lost the last reply can finish.
 */
export async function writableUpload(
  knex: Knex,
  id: string,
  protocol: UploadProtocol,
  { forWrite = true } = {},
): Promise<Upload> {
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

/**
 * Records that an upload's object is stored whole (its size, type and, with tus, original name) and
 * gives its disk hold back: its bytes are on the disk now.
 */
export async function completeUpload(
  knex: Knex,
  id: string,
  stored: { size: number; contentType: string | null; originalName?: string | null },
) {
  await Upload.query(knex)
    .patch({
      status: 'completed',
      size: stored.size,
      contentType: stored.contentType,
      originalName: stored.originalName ?? null,
      completedAt: new Date(),
    })
    .where('id', id);
  await releaseRoom(knex, id);
}

/**
 * Queues the mix check of a customer's upload whose bytes are stored (staff masters, opened without a
 * client address, get none): it reads pending while queued, until the ops worker writes its row (ops
 * owns mix_checks). Nothing waits on it and nothing is refused for it: a failure to queue is logged,
 * and the upload stands.
 */
export async function queueMixCheck(deps: UploadDeps, id: string): Promise<void> {
  if (!deps.queue) return;
  try {
    const upload = await Upload.query(deps.knex).findById(id);
    if (!upload?.clientAddress) return;
    // Marked once queued: a check that could not be queued never reads pending.
    await enqueueMixCheck(deps.queue, { uploadId: id });
    await Upload.query(deps.knex).findById(id).patch({ mixCheckQueuedAt: new Date() });
  } catch (err) {
    deps.logger?.warn({ err: (err as Error).message, uploadId: id }, 'could not queue the mix check of an upload');
  }
}

/**
 * Stores the whole body of a PUT, streamed (never held in memory) to the storage: refused before a
 * byte is stored when the declared type is not audio (415), the declared length is over the limit
 * (413), the disk is nearly full (507) or the upload limits are reached (429), and when its first
 * bytes are not WAV, AIFF, FLAC, MP3 or M4A (415); a body without a length that grows past the limit
 * is cut off and nothing is kept (413). The object is stored with the sniffed format's content type.
 */
export async function putWholeBody(
  deps: UploadDeps,
  id: string,
  body: Readable,
  head: { contentType: string | undefined; contentLength: number | undefined },
): Promise<{ objectPath: string; size: number }> {
  const upload = await writableUpload(deps.knex, id, 'put');
  if (!isUploadContentType(head.contentType)) throw new Invalid(UPLOAD_NOT_AUDIO, undefined, 415);
  const limit = await uploadLimit(deps.knex);
  if (head.contentLength !== undefined && head.contentLength > limit.bytes)
    throw new Invalid(uploadTooLarge(limit.mb), undefined, 413);
  await admitBytes(deps, upload, 'put', head.contentLength ?? limit.bytes);
  try {
    await claimProtocol(deps.knex, id, 'put');
    const sniffed = await sniffAudio(body);
    if (!sniffed.format) throw new Invalid(UPLOAD_BYTES_NOT_AUDIO, undefined, 415);
    const { contentType } = AUDIO_FORMATS[sniffed.format];
    const key = objectKeyOf(id);
    const { size } = await deps.storage.put(key, sniffed.body, { maxBytes: limit.bytes, contentType });
    await completeUpload(deps.knex, id, { size, contentType });
    await queueMixCheck(deps, id);
    return { objectPath: objectPathOfKey(key), size };
  } catch (err) {
    // Refused, cut off or failed: nothing of it is kept, so its hold goes (a PUT is never resumed). If
    // the database cannot be told, the hold lapses with the URL; the error answered is the first one.
    await releaseRoom(deps.knex, id).catch(() => undefined);
    if (err instanceof ObjectTooLargeError) throw new Invalid(uploadTooLarge(limit.mb), undefined, 413);
    throw err;
  }
}
