import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { MEDIA_KINDS, mediaWrongType, type MediaField } from '@mastering/contracts';
import { Invalid, type Logger } from '@mastering/service-kit';
import { contentTypeFromKey, type ObjectStorage } from '@mastering/storage';
import type { UploadedFile } from './form';

/** An upload field of a content record: its limits, the column keeping its URL, and for images the stored square size. */
export type MediaColumn<C extends string> = MediaField & { column: C; sizePx?: number };

// Extensions (as file-type names them) of the files each kind accepts, judged by their bytes.
const ACCEPTED: Record<MediaField['kind'], ReadonlySet<string>> = {
  image: new Set(['jpg', 'png', 'webp', 'gif', 'avif']),
  audio: new Set(['wav', 'mp3', 'flac', 'aif', 'm4a', 'ogg']),
};

/** Names end in the first 32 hex digits of the stored bytes' SHA-256, so a name never changes content. */
const HASHED_NAME = /-[0-9a-f]{32}\.[a-z0-9]+$/;

/** True when a media key is content-hashed (its bytes never change, so it may be cached for good). */
export const isContentHashed = (key: string) => HASHED_NAME.test(key);

/** The storage key behind a public media URL (`/media/<key>`), or null for anything else. */
export const mediaKey = (url: string | null | undefined) =>
  url?.startsWith('/media/') ? url.slice('/media/'.length) : null;

const hashOf = async (source: Buffer | string) => {
  const hash = createHash('sha256');
  if (typeof source === 'string') await pipeline(createReadStream(source), hash);
  else hash.update(source);
  return hash.digest('hex').slice(0, 32);
};

/**
 * Checks an uploaded file's bytes against its field's kind (magic numbers, never the name or the
 * declared type), turns an image into a `sizePx` square WebP, and stores it under `prefix` with a
 * content-hashed name. `created` is false when those exact bytes were already stored there.
 */
export async function storeMedia(
  storage: ObjectStorage,
  file: UploadedFile,
  spec: MediaField & { sizePx?: number },
  prefix: string,
) {
  const wrongType = () => new Invalid(mediaWrongType(spec.label, MEDIA_KINDS[spec.kind]), undefined, 415);
  const detected = await fileTypeFromFile(file.path);
  if (!detected || !ACCEPTED[spec.kind].has(detected.ext)) throw wrongType();

  let body: Buffer | string = file.path;
  let ext: string = detected.ext;
  if (spec.kind === 'image') {
    const size = spec.sizePx ?? 600;
    // sharp is loaded at the first image, not when the service starts (a fifth of a second of start-up).
    const { default: sharp } = await import('sharp');
    // rotate() applies the EXIF orientation before the metadata is dropped.
    body = await sharp(file.path)
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => {
        throw wrongType();
      });
    ext = 'webp';
  }
  const key = `${prefix}/${file.field}-${await hashOf(body)}.${ext}`;
  if (await storage.exists(key)) return { url: `/media/${key}`, created: false };
  const contentType = contentTypeFromKey(key) ?? detected.mime;
  await storage.put(key, typeof body === 'string' ? createReadStream(body) : body, { contentType });
  return { url: `/media/${key}`, created: true };
}

/** Removes the stored files behind media URLs; a failure is logged, never thrown (the record is already consistent). */
export async function removeMedia(
  storage: ObjectStorage,
  urls: readonly (string | null | undefined)[],
  logger?: Logger,
) {
  for (const url of new Set(urls)) {
    const key = mediaKey(url);
    if (!key) continue;
    await storage.delete(key).catch((err: unknown) => logger?.warn({ err, key }, 'could not remove a media file'));
  }
}

/**
 * Saves a content record together with its uploaded files: stores each file (checked and converted),
 * then runs `write` with the new URLs by column. If anything fails, the files this request created
 * are removed again, so a failed request leaves no orphan file; after a successful write, the files
 * the record stopped using (`replaced`) are removed.
 */
export async function saveWithMedia<F extends string, C extends string, R>(
  storage: ObjectStorage,
  files: Partial<Record<F, UploadedFile>>,
  columns: Record<F, MediaColumn<C>>,
  prefix: string,
  write: (urls: Partial<Record<C, string>>) => Promise<{ record: R; replaced: (string | null)[] }>,
  logger?: Logger,
): Promise<R> {
  const created: string[] = [];
  let record: R;
  let replaced: (string | null)[];
  try {
    const urls: Partial<Record<C, string>> = {};
    for (const [field, file] of Object.entries(files) as [F, UploadedFile | undefined][]) {
      if (!file) continue;
      const stored = await storeMedia(storage, file, columns[field], prefix);
      if (stored.created) created.push(stored.url);
      urls[columns[field].column] = stored.url;
    }
    ({ record, replaced } = await write(urls));
  } catch (err) {
    await removeMedia(storage, created, logger);
    throw err;
  }
  await removeMedia(storage, replaced, logger);
  return record;
}

/** The URLs a record used before an edit and no longer uses after it (files to remove). */
export function replacedUrls<C extends string>(
  before: Partial<Record<C, string | null>>,
  after: Partial<Record<C, string | null>>,
  columns: readonly C[],
) {
  return columns.map((c) => before[c] ?? null).filter((url) => url && !columns.some((c) => after[c] === url));
}
