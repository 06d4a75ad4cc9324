import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Security headers on every answer: a CSP allowing our own scripts, the shell's inline theme script
 * (by hash) and remotes configured on another origin (a CDN); HSTS when the site is served over HTTPS.
 */
export function securityHeaders({
  scriptHashes,
  remoteOrigins,
  https,
}: {
  scriptHashes: string[];
  remoteOrigins: string[];
  https: boolean;
}): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...scriptHashes, ...remoteOrigins],
        'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", ...remoteOrigins],
        // Yoco's hosted checkout is reached by a full-page navigation, not a form post.
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
}
