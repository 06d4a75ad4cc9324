import type { Context } from 'koa';
import type { ObjectStorage } from '@mastering/storage';
import { NotFound } from '@mastering/service-kit';

// Only public media lives under these prefixes; customer uploads are never served from /media.
const PUBLIC_PREFIXES = ['showcase/', 'testimonials/'];

/** GET /media/<key> — streams a public media file (showcase audio and artwork, avatars) from storage. */
export const getMedia = (storage: ObjectStorage) => async (ctx: Context) => {
  const key = decodeURIComponent(ctx.path.slice('/media/'.length));
  if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p))) throw new NotFound();
  let object;
  try {
    object = await storage.get(key);
  } catch {
    throw new NotFound();
  }
  if (!object) throw new NotFound();
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.type = object.contentType ?? 'application/octet-stream';
  if (object.size != null) ctx.length = object.size;
  ctx.body = object.stream;
};
