import { z } from 'zod';

/** POST /api/files/upload answer: where to PUT the raw file. */
export const UploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof UploadUrlResponse>;

/** The storage path the browser keeps: "/objects/" plus the part of the upload URL after "/uploads/". */
export function objectPathFromUploadUrl(uploadURL: string): string {
  const path = new URL(uploadURL, 'http://local').pathname;
  const at = path.indexOf('/uploads/');
  return `/objects/${at >= 0 ? path.slice(at + '/uploads/'.length) : ''}`;
}
