import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer: a CSP allowing our own scripts, the shell's inline theme script
 * (by hash) and remotes configured on another origin (a CDN), requests to the bucket direct uploads go to
 * (`uploadOrigin`, with S3 storage); HSTS when the site is served over HTTPS.
 */
export function securityHeaders({
  scriptHashes,
  remoteOrigins,
  uploadOrigin = null,
  https,
}: {
  scriptHashes: string[];
  remoteOrigins: string[];
  uploadOrigin?: string | null;
  https: boolean;
}): Middleware {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...scriptHashes, ...remoteOrigins],
        'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", ...remoteOrigins, ...(uploadOrigin ? [uploadOrigin] : [])],
        // Yoco's hosted checkout is reached by a full-page navigation, not a form post.
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}

/**
 * The headers helmet sets with `options`, worked out once. Every directive above is a constant (no
 * per-request nonce), so they are the same on every answer, and a request only copies them instead
 * of running helmet's dozen middlewares and building the CSP again. Helmet's one removal, of
 * X-Powered-By, is left out: neither Koa nor Node sets that header.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    removeHeader: () => {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
