import { z } from 'zod';
import { DEFAULT_PRICING } from './constants';
import { AUDIO_EXTENSIONS, AUDIO_FORMAT_NAMES, isAcceptedAudioFile, orList } from './audio-formats';

// POST /api/files/upload takes no body (JSON content type only); the browser then PUTs the raw file
// to the answered URL and keeps the storage path computed below.

/** POST /api/files/upload answer: where to PUT the raw file. */
export const UploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;
/** PUT /uploads/:id answer: the stored path the order refers to, and the bytes stored. */
export const StoredUpload = z.object({ objectPath: z.string(), size: z.number().int().nonnegative() });

/** The storage path the browser keeps: "/objects/" plus the part of the upload URL after "/uploads/". */
export function objectPathFromUploadUrl(uploadURL: string): string {
  const path = new URL(uploadURL, 'http://local').pathname;
  const at = path.indexOf('/uploads/');
  return `/objects/${at >= 0 ? path.slice(at + '/uploads/'.length) : ''}`;
}

/** The per-file upload limit in bytes (500 MB by default: 500 x 1024 x 1024). */
export const maxFileSizeBytes = (maxFileSizeMb: number = DEFAULT_PRICING.maxFileSizeMb) => maxFileSizeMb * 1024 * 1024;

/** Names of the files over the limit; the browser rejects the whole batch when any is (storefront spec §5). */
export function oversizedFileNames(files: readonly { name: string; size: number }[], maxFileSizeMb?: number): string[] {
  const limit = maxFileSizeBytes(maxFileSizeMb);
  return files.filter((f) => f.size > limit).map((f) => f.name);
}

/** An upload's state: handed out (bytes may be arriving) or stored whole. */
export const UPLOAD_STATUSES = ['pending', 'completed'] as const;
export const UploadStatus = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof UploadStatus>;

/** How an upload's bytes arrive: one PUT of the whole body, or resumable (tus). */
export const UPLOAD_PROTOCOLS = ['put', 'tus'] as const;
export type UploadProtocol = (typeof UPLOAD_PROTOCOLS)[number];

/** The upload id inside a stored path `/objects/<id>` (what an order file's originalFilePath holds), or null. */
export function uploadIdFromObjectPath(objectPath: string): string | null {
  const match = /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(objectPath);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * True for what an upload may carry. With a file name (tus metadata), the browser's own rule: an
 * audio/* type or an audio extension. Without one (a plain PUT), an audio/* type or
 * application/octet-stream, which the spec's client sends for a file the browser has no type for.
 */
export function isUploadContentType(contentType: string | null | undefined, name?: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (name) return isAcceptedAudioFile({ name, type });
  return type.startsWith('audio/') || type === 'application/octet-stream';
}

// Server answers about uploads (not spec texts: the spec leaves server-side validation open).
export const UPLOAD_NOT_AUDIO = `Only audio files can be uploaded (${orList(AUDIO_EXTENSIONS)}).`;
/** 'The file is larger than 500MB. Maximum size is 500MB per file.' */
export const uploadTooLarge = (maxFileSizeMb: number) =>
  `The file is larger than ${maxFileSizeMb}MB. Maximum size is ${maxFileSizeMb}MB per file.`;
export const UPLOAD_URL_EXPIRED = 'This upload link has expired. Please upload the file again.';
export const UPLOAD_ALREADY_COMPLETED =
  'This upload is already complete. Please request a new upload link for another file.';
export const UPLOAD_OTHER_PROTOCOL = 'This upload was started another way. Please request a new upload link.';

export const UPLOAD_BYTES_NOT_AUDIO = `This file is not a ${orList(AUDIO_FORMAT_NAMES)} recording. Please upload the audio file itself.`;
export const UPLOAD_STORAGE_FULL =
  'We cannot take new uploads right now because our storage is nearly full. Please try again in a few hours.';

/** Who an upload limit counts: this browser (or account), or everyone behind the same network address. */
export type UploadQuotaScope = 'visitor' | 'address';
const quotaWho = (scope: UploadQuotaScope) => (scope === 'visitor' ? 'You already have' : 'Your network already has');
/** 429 when `limit` uploads not in a paid order yet are already held for this visitor or address. */
export const tooManyPendingUploads = (scope: UploadQuotaScope, limit: number) =>
  `${quotaWho(scope)} ${limit} uploaded files that are not in a paid order yet, the most we keep at once. Please order and pay for those first, or try again tomorrow.`;
/** 429 when this upload would take the bytes held for this visitor or address past `gb` GB. */
export const pendingUploadBytesExceeded = (scope: UploadQuotaScope, gb: number) =>
  `${quotaWho(scope)} close to ${gb} GB of uploads that are not in a paid order yet, the most we keep at once. Please order and pay for those first, or try again tomorrow.`;
