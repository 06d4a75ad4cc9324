import type { RouteContext } from '@mastering/service-kit';
import parseRange from 'range-parser';
import type { ObjectStorage } from '@mastering/storage';
import { HttpError, NotFound } from '@mastering/service-kit';
import { isContentHashed } from './store';

// Only public media lives under these prefixes; customer uploads are never served from /media.
const PUBLIC_PREFIXES = ['showcase/', 'testimonials/'];

/**
 * GET /media/<key> — streams a public media file (showcase audio and artwork, avatars) from storage,
 * honouring a single byte range so audio players can seek without downloading the whole file.
 */
export const getMedia = (storage: ObjectStorage) => async (ctx: RouteContext) => {
  const key = ctx.path.slice('/media/'.length);
  if (!PUBLIC_PREFIXES.some((p) => key.startsWith(p))) throw new NotFound();
  const info = await storage.stat(key).catch(() => null);
  if (!info) throw new NotFound();

  ctx.set('Accept-Ranges', 'bytes');
  // A content-hashed name never changes its bytes (an edit stores a new name), so it may be cached for good.
  ctx.set('Cache-Control', isContentHashed(key) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  ctx.set('Last-Modified', info.modifiedAt.toUTCString());
  ctx.type = info.contentType ?? 'application/octet-stream';

  const header = ctx.get('range');
  const ranges = header ? parseRange(info.size, header, { combine: true }) : undefined;
  if (ranges === -1) {
    ctx.set('Content-Range', `bytes */${info.size}`);
    throw new HttpError(416, 'Range not satisfiable');
  }
  // A malformed header (-2) or several ranges are answered with the whole file, as HTTP allows.
  if (Array.isArray(ranges) && ranges.length === 1) {
    const { start, end } = ranges[0];
    const object = await storage.get(key, { range: { start, end } });
    if (!object) throw new NotFound();
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
    ctx.length = end - start + 1;
    ctx.body = object.stream;
    return;
  }
  const object = await storage.get(key);
  if (!object) throw new NotFound();
  ctx.length = info.size;
  ctx.body = object.stream;
};
