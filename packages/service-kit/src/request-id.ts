import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

// A caller may only hand us request ids that are safe to log and to pass on.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/** The request id to use: the caller's when it is safe to log, otherwise a new UUID. */
export function requestIdFor(given: string | undefined): string {
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Gives every request an id (`ctx.state.requestId`), echoed in the `x-request-id` response header and
 * written back to the incoming headers so a proxied request carries the same id to its service.
 */
export function requestIdMiddleware(): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.req.headers['x-request-id'] = requestId;
    ctx.set('x-request-id', requestId);
    await next();
  };
}
