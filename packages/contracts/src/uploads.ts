import { z } from 'zod';
import { DEFAULT_PRICING } from './pricing';

// POST /api/files/upload takes no body (JSON content type only); the browser then PUTs the raw file
// to the answered URL and keeps the storage path computed below.

/** POST /api/files/upload answer: where to PUT the raw file. */
export const UploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

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
