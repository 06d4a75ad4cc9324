import { buffer } from 'node:stream/consumers';
import {
  AUDIO_FORMATS,
  type BeginDirectUploadBody,
  DIRECT_UPLOAD_NOT_BEGUN,
  DIRECT_UPLOAD_OTHER_FILE,
  DIRECT_UPLOAD_PARTS_REFUSED,
  DIRECT_UPLOAD_UNAVAILABLE,
  type DirectUploadPlan,
  directUploadPartsWrong,
  directUploadPlan,
  directUploadSizeWrong,
  isUploadContentType,
  objectPathOfKey,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_NOT_AUDIO,
  type UploadedPart,
  uploadTooLarge,
} from '@mastering/contracts';
import { Upload } from '@mastering/db';
import { Conflict, Invalid, NotFound } from '@mastering/service-kit';
import { type DirectUploads, PartsRefusedError } from '@mastering/storage';
import { releaseRoom } from './free-space';
import { admitBytes, claimProtocol, completeUpload, uploadLimit, writableUpload, type UploadDeps } from './service';
import { audioFormatOf, SNIFF_BYTES } from './sniff';

// Direct uploads (STORAGE_DRIVER=s3): the browser sends the bytes of `/uploads/<id>` straight to the
// bucket in presigned multipart parts, so neither the gateway nor a service carries them. The storefront
// keeps every rule of the other two protocols: it admits the declared size against the limit, the upload
// limits and the abuse rules before a part is signed, signs parts only of the multipart upload it began
// for that URL, and completes it only after checking the stored object's size and sniffing its first bytes
// (a ranged read), removing it when either is wrong.

/** How long a part's presigned URL lives: one part (8 MiB) takes about a minute on a 1 Mbit/s line. */
const PART_URL_SECONDS = 3600;

/** The storage's direct uploads; 409 where there are none (the local disk takes tus at the upload URL). */
function directOf(deps: UploadDeps): DirectUploads {
  if (!deps.storage.direct) throw new Conflict(DIRECT_UPLOAD_UNAVAILABLE);
  return deps.storage.direct;
}

/** A direct upload that has begun: its row, multipart id and part plan; 409 when it has not. */
async function begunUpload(deps: UploadDeps, id: string) {
  const upload = await writableUpload(deps.knex, id, 's3');
  if (!upload.multipartId || upload.declaredSize === null) throw new Conflict(DIRECT_UPLOAD_NOT_BEGUN);
  return { upload, multipartId: upload.multipartId, ...directUploadPlan(upload.declaredSize) };
}

/**
 * Begins the direct upload of a file at its upload URL, or answers `direct: false` where the storage
 * takes no direct uploads (the browser then sends the file by tus). Refused like the first write of the
 * other protocols: not audio by name and type (415), over the size limit (413), expired, complete or
 * begun another way (403), the disk ledger or the upload limits (507, 429; with S3 only the limits
 * hold). Asked again (an answer lost on the way), it answers the same plan.
 */
export async function beginDirectUpload(
  deps: UploadDeps,
  id: string,
  file: BeginDirectUploadBody,
): Promise<DirectUploadPlan> {
  const direct = deps.storage.direct;
  if (!direct) return { direct: false };
  const upload = await writableUpload(deps.knex, id, 's3');
  if (upload.multipartId && upload.declaredSize === file.size)
    return { direct: true, ...directUploadPlan(upload.declaredSize) };
  if (upload.multipartId) throw new Conflict(DIRECT_UPLOAD_OTHER_FILE);
  if (!isUploadContentType(file.filetype, file.filename)) throw new Invalid(UPLOAD_NOT_AUDIO, undefined, 415);
  const limit = await uploadLimit(deps.knex);
  if (file.size > limit.bytes) throw new Invalid(uploadTooLarge(limit.mb), undefined, 413);
  await admitBytes(deps, upload, 's3', file.size);
  try {
    await claimProtocol(deps.knex, id, 's3');
    const multipartId = await direct.begin(upload.objectKey);
    // The declared size fixes the part plan (the limits record it too, but only for public uploads).
    await Upload.query(deps.knex)
      .findById(id)
      .patch({ multipartId, declaredSize: file.size, originalName: file.filename });
  } catch (err) {
    await releaseRoom(deps.knex, id).catch(() => undefined);
    throw err;
  }
  return { direct: true, ...directUploadPlan(file.size) };
}

/** Presigned PUT URLs for parts of a begun direct upload (400 for a part number past its plan). */
export async function signDirectParts(
  deps: UploadDeps,
  id: string,
  partNumbers: number[],
): Promise<{ urls: { partNumber: number; url: string }[] }> {
  const direct = directOf(deps);
  const { upload, multipartId, partCount } = await begunUpload(deps, id);
  if (partNumbers.some((n) => n > partCount)) throw new Invalid(directUploadPartsWrong(partCount), undefined, 400);
  const seconds = Math.min(PART_URL_SECONDS, Math.max(1, Math.floor((upload.expiresAt.getTime() - Date.now()) / 1000)));
  const urls = await Promise.all(
    partNumbers.map(async (partNumber) => ({
      partNumber,
      url: await direct.signPart(upload.objectKey, multipartId, partNumber, seconds),
    })),
  );
  return { urls };
}

/** The parts the bucket holds of a begun direct upload, or null when the S3 server cannot list them. */
export async function listDirectParts(deps: UploadDeps, id: string): Promise<{ parts: UploadedPart[] | null }> {
  // A read: where there are no direct uploads, there is nothing to find (404, not a clash).
  if (!deps.storage.direct) throw new NotFound(DIRECT_UPLOAD_UNAVAILABLE);
  const direct = deps.storage.direct;
  const { upload, multipartId } = await begunUpload(deps, id);
  return { parts: await direct.listParts(upload.objectKey, multipartId) };
}

/**
 * Completes a direct upload from every one of its parts: the object must then be exactly the size
 * declared when it began (400) and begin as WAV, AIFF, FLAC, MP3 or M4A (415); otherwise it is removed
 * and the upload may begin again. Asked again after it completed (an answer lost), answers the same.
 */
export async function completeDirectUpload(
  deps: UploadDeps,
  id: string,
  parts: UploadedPart[],
): Promise<{ objectPath: string; size: number }> {
  const direct = directOf(deps);
  const done = await writableUpload(deps.knex, id, 's3', { forWrite: false });
  if (done.status === 'completed') return { objectPath: objectPathOfKey(done.objectKey), size: done.size ?? 0 };
  const { upload, multipartId, partCount } = await begunUpload(deps, id);
  const declared = upload.declaredSize!;
  if (parts.length !== partCount || parts.some((p, i) => p.partNumber !== i + 1))
    throw new Invalid(directUploadPartsWrong(partCount), undefined, 400);
  const key = upload.objectKey;
  try {
    await direct.complete(key, multipartId, parts);
  } catch (err) {
    // Completed before but not recorded (its replica died, the database was away): the multipart upload
    // is gone and its object stands. Only this upload writes that key (its protocol is claimed), so an
    // object of the declared size is this one; the checks below still run on it.
    const completedBefore = (await deps.storage.stat(key))?.size === declared;
    if (!completedBefore && err instanceof PartsRefusedError)
      throw new Invalid(DIRECT_UPLOAD_PARTS_REFUSED, undefined, 400);
    if (!completedBefore) throw err;
  }
  const refuse = async (error: Invalid) => {
    // The object is gone and the multipart upload with it: the browser may begin this URL again.
    await deps.storage.delete(key);
    await Upload.query(deps.knex).findById(id).patch({ multipartId: null, protocol: null });
    await releaseRoom(deps.knex, id);
    throw error;
  };
  const stored = await deps.storage.stat(key);
  if (stored?.size !== declared)
    return refuse(new Invalid(directUploadSizeWrong(declared, stored?.size ?? 0), undefined, 400));
  const head = await deps.storage.get(key, { range: { start: 0, end: Math.min(SNIFF_BYTES, declared) - 1 } });
  const format = head ? audioFormatOf(await buffer(head.stream)) : null;
  if (!format) return refuse(new Invalid(UPLOAD_BYTES_NOT_AUDIO, undefined, 415));
  await completeUpload(deps.knex, id, {
    size: declared,
    contentType: AUDIO_FORMATS[format].contentType,
    originalName: upload.originalName,
  });
  return { objectPath: objectPathOfKey(key), size: declared };
}

/**
 * Abandons a direct upload under way (the browser removed the file): the bucket drops its parts (where
 * the S3 server can; else its lifecycle rule does), its holds are given back and the URL may begin again.
 */
export async function abortDirectUpload(deps: UploadDeps, id: string): Promise<{ ok: true }> {
  const direct = directOf(deps);
  const { upload, multipartId } = await begunUpload(deps, id);
  await direct.abort(upload.objectKey, multipartId);
  await Upload.query(deps.knex).findById(id).patch({ multipartId: null, protocol: null, declaredSize: null });
  await releaseRoom(deps.knex, id);
  return { ok: true };
}
