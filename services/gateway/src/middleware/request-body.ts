import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { ADMIN_API_PREFIX } from '@mastering/contracts';
import { HttpError } from '@mastering/service-kit';

/** The largest body the gateway reads whole before forwarding: the services' own JSON limit. */
export const MAX_BUFFERED_BODY_BYTES = 1024 * 1024;

export const BODY_TOO_SLOW = 'The request body took too long to arrive';
export const BODY_TOO_LARGE = 'The request body is too large';
export const UPLOAD_TOO_SLOW = 'The upload was too slow and has been stopped. Please try again on a better connection.';

export type BodyLimits = {
  /** A non-upload body must have arrived whole within this long. */
  bodyTimeoutMs: number;
  /** An upload body must average at least this many bytes a second over each window (0: no minimum). */
  uploadMinBytesPerSecond: number;
  uploadRateWindowMs: number;
};

// Uploads: the upload URL (whole-body PUT, tus PATCH chunks, tus creation with data) and the admin's
// multipart media forms (showcase audio and artwork, testimonial photos).
const UPLOAD_PATH = /^\/uploads\/[^/]+\/?$/;

/** True when this request's body is an upload: streamed to its service, held to a minimum rate instead of a deadline. */
export function isUploadBody(method: string, path: string, contentType: string): boolean {
  if (UPLOAD_PATH.test(path)) return method === 'PUT' || method === 'PATCH' || method === 'POST';
  return (
    path.startsWith(ADMIN_API_PREFIX) &&
    (method === 'POST' || method === 'PUT') &&
    /^multipart\/form-data\b/i.test(contentType)
  );
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Time limits on request bodies, so a client that trickles bytes holds nothing upstream. An upload body
 * streams through (a 500 MB file never sits in memory) for as long as it keeps a minimum rate. Any
 * other body is read whole here first, within `bodyTimeoutMs` and MAX_BUFFERED_BODY_BYTES (else 408 or
 * 413, and the connection closes), and left in `ctx.state.bufferedBody` for the proxy: a service
 * connection is taken only once the request is complete, so slow clients cannot use up the pool.
 */
export function requestBodies(limits: BodyLimits): Middleware {
  return async (ctx, next) => {
    if (!hasBody(ctx.req)) return next();
    if (isUploadBody(ctx.method, ctx.path, ctx.get('content-type'))) {
      ctx.state.upload = true;
      holdToMinimumRate(ctx, limits);
      return next();
    }
    try {
      ctx.state.bufferedBody = await readWhole(ctx.req, limits.bodyTimeoutMs);
    } catch (err) {
      // The rest of the body is not worth reading: the connection ends with this answer.
      ctx.set('Connection', 'close');
      throw err;
    }
    await next();
  };
}

/** Reads a body up to MAX_BUFFERED_BODY_BYTES within `timeoutMs`. */
function readWhole(req: IncomingMessage, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BUFFERED_BODY_BYTES)
      return reject(new HttpError(413, BODY_TOO_LARGE));
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (err: Error | null) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (err) {
        req.pause();
        reject(err);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BUFFERED_BODY_BYTES) return done(new HttpError(413, BODY_TOO_LARGE));
      chunks.push(chunk);
    };
    const onEnd = () => done(null);
    const onClose = () => done(new HttpError(400, 'The request body was cut off'));
    const timer = setTimeout(() => done(new HttpError(408, BODY_TOO_SLOW)), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

/**
 * Cuts an upload whose body averages under the minimum rate over a window. It watches the socket's
 * byte count (not the body stream, which the proxy alone reads), until the body has arrived.
 */
function holdToMinimumRate(ctx: Context, { uploadMinBytesPerSecond, uploadRateWindowMs }: BodyLimits): void {
  if (uploadMinBytesPerSecond <= 0) return;
  const { req, res } = ctx;
  const socket = req.socket;
  const perWindow = (uploadMinBytesPerSecond * uploadRateWindowMs) / 1000;
  let seen = socket.bytesRead;
  const watch = setInterval(() => {
    const now = socket.bytesRead;
    if (now - seen >= perWindow) return void (seen = now);
    stop();
    if (!res.headersSent) {
      res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
      res.end(JSON.stringify({ error: UPLOAD_TOO_SLOW }));
    }
    // The proxy's request to the service ends with the client's socket.
    socket.destroySoon();
  }, uploadRateWindowMs);
  const stop = () => clearInterval(watch);
  req.once('end', stop);
  req.once('close', stop);
}
