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

/** Uploads live in the storage under this prefix (`uploads/<upload id>`), which is also their upload URL's path. */
export const UPLOAD_PREFIX = 'uploads';
/** The storage key of an upload's object: `uploads/<upload id>`. */
export const objectKeyOf = (uploadId: string) => `${UPLOAD_PREFIX}/${uploadId}`;
/** The upload id a storage key `uploads/<upload id>` names, or null (for null, or a key outside the prefix). */
export const uploadIdOfKey = (key: string | null | undefined): string | null =>
  key?.startsWith(`${UPLOAD_PREFIX}/`) ? key.slice(UPLOAD_PREFIX.length + 1) : null;

// The one pair between an object's address, as order files, the browser and the API hold it (`/objects/<upload
// id>`, originals and masters alike; before the upload completes, its upload URL `/uploads/<upload id>`), and the
// storage key of the object behind it (`uploads/<upload id>`). Every service, package and page goes through it.
const OBJECT_ADDRESS = /^\/(?:objects|uploads)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The address `/objects/<upload id>` of the object at the storage key `uploads/<upload id>`; throws for any other key. */
export function objectPathOfKey(key: string): string {
  const uploadId = uploadIdOfKey(key);
  if (uploadId === null) throw new Error(`Not an upload's storage key: ${key}`);
  return `/objects/${uploadId}`;
}

/**
 * The storage key behind an object's address: a stored path `/objects/<upload id>`, or the upload URL
 * (`/uploads/<upload id>`, relative or absolute, its query ignored) the upload was sent to. Null for anything else
 * (the strict id pattern: no traversal, no placeholder).
 */
export function objectKeyOfPath(address: string | null | undefined): string | null {
  if (!address) return null;
  const path = /^https?:\/\//i.test(address) ? new URL(address).pathname : address.split(/[?#]/)[0]!;
  const match = OBJECT_ADDRESS.exec(path);
  return match ? objectKeyOf(match[1]!.toLowerCase()) : null;
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

/**
 * How an upload's bytes arrive: one PUT of the whole body, resumable (tus) through the storefront, or
 * (with S3 storage) straight from the browser to the bucket in presigned multipart parts.
 */
export const UPLOAD_PROTOCOLS = ['put', 'tus', 's3'] as const;
export type UploadProtocol = (typeof UPLOAD_PROTOCOLS)[number];

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

// Direct uploads (STORAGE_DRIVER=s3): the browser asks the storefront to begin a multipart upload at its
// upload URL (`POST /uploads/:id/multipart`), PUTs each part to a presigned bucket URL, and asks the
// storefront to complete it. With the local disk the same first request answers `direct: false` and the
// browser speaks tus to the upload URL instead, so every caller of an upload URL works with either.

/** Size of one part of a direct upload: S3's minimum is 5 MiB (but for the last part), its maximum count 10,000. */
export const DIRECT_PART_BYTES = 8 * 1024 * 1024;
/** Most parts S3 accepts in one multipart upload. */
export const MAX_DIRECT_PARTS = 10_000;

/** The parts a file of `size` bytes is sent in: their size (the last may be shorter) and count. */
export function directUploadPlan(size: number): { partSize: number; partCount: number } {
  const partSize = Math.max(DIRECT_PART_BYTES, Math.ceil(size / MAX_DIRECT_PARTS));
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

const PartNumber = z.number().int().min(1).max(MAX_DIRECT_PARTS);

/** POST /uploads/:id/multipart body: the file about to be sent. */
export const BeginDirectUploadBody = z.object({
  filename: z.string().trim().min(1).max(255),
  filetype: z.string().max(255),
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type BeginDirectUploadBody = z.infer<typeof BeginDirectUploadBody>;

/** POST /uploads/:id/multipart answer: send the parts of this plan to the bucket, or (local disk) use tus. */
export const DirectUploadPlan = z.discriminatedUnion('direct', [
  z.object({ direct: z.literal(false) }),
  z.object({
    direct: z.literal(true),
    partSize: z.number().int().positive(),
    partCount: z.number().int().positive(),
  }),
]);
export type DirectUploadPlan = z.infer<typeof DirectUploadPlan>;

/** POST /uploads/:id/multipart/sign body: the parts to presign (a few at a time, as they are sent). */
export const SignPartsBody = z.object({ partNumbers: z.array(PartNumber).min(1).max(100) });
/** Presigned PUT URLs of the asked parts, each valid for a limited time. */
export const SignedParts = z.object({ urls: z.array(z.object({ partNumber: PartNumber, url: z.string() })) });
export type SignedParts = z.infer<typeof SignedParts>;

/** One part the bucket holds: its number and the ETag its PUT answered. */
export const UploadedPart = z.object({ partNumber: PartNumber, etag: z.string().min(1).max(200) });
export type UploadedPart = z.infer<typeof UploadedPart>;
/**
 * GET /uploads/:id/multipart answer: the parts the bucket holds (ListParts), or null when the S3 server
 * cannot list them (then the browser's own record of the ETags it received is the truth).
 */
export const UploadedParts = z.object({ parts: z.array(UploadedPart).nullable() });
/** POST /uploads/:id/multipart/complete body: every part, each with the ETag its PUT answered. */
export const CompleteDirectUploadBody = z.object({ parts: z.array(UploadedPart).min(1).max(MAX_DIRECT_PARTS) });

export const DIRECT_UPLOAD_NOT_BEGUN = 'This upload has not begun. Please start the upload again.';
export const DIRECT_UPLOAD_OTHER_FILE =
  'This upload link is already taking another file. Please request a new upload link.';
export const DIRECT_UPLOAD_UNAVAILABLE = 'Direct uploads are not used here: please send the file to the upload URL.';
/** 400 when the parts named at completion are not exactly parts 1..`partCount`. */
export const directUploadPartsWrong = (partCount: number) =>
  `The upload must name each of its ${partCount} parts once, in order. Please upload the file again.`;
/** 400 when the stored object is not the size announced when the upload began. */
export const directUploadSizeWrong = (declared: number, stored: number) =>
  `The uploaded file has ${stored} bytes, but ${declared} were announced. Please upload the file again.`;
export const DIRECT_UPLOAD_PARTS_REFUSED =
  'The storage refused the uploaded parts (one is missing or changed). Please upload the file again.';
