import type { Middleware } from 'koa';

/**
 * Answers malformed or escaping paths before anything reads them: a path that does not percent-decode
 * is 400; one whose decoded form climbs out (`..` segments, encoded slashes around them) or holds a NUL
 * byte is 404. Nothing behind the gateway ever sees such a path.
 */
export function safePath(): Middleware {
  return async (ctx, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'Malformed URL' };
      return;
    }
    if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    await next();
  };
}
