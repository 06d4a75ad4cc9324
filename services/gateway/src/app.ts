import Koa, { type Context } from 'koa';
import type { Knex } from 'knex';
import type { Identity } from '@mastering/contracts';
import {
  errorMiddleware,
  identityForSession,
  requestIdMiddleware,
  UPSTREAM_SERVICES,
  urlVariable,
  type Logger,
} from '@mastering/service-kit';
import { remotesManifest, type GatewayConfig } from './config';
import type { ServiceName } from './routes';
import { accessLog } from './middleware/access-log';
import { securityHeaders } from './middleware/security-headers';
import { safePath } from './middleware/safe-path';
import { forwardedHeaders } from './middleware/forwarded';
import { crossSiteGuard } from './middleware/cross-site';
import { healthEndpoints } from './middleware/health';
import { apiDocs } from './middleware/api-docs';
import { proxyToServices } from './middleware/proxy';
import { createPublicCache, publicReads, type PublicCache } from './middleware/public-cache';
import { requestBodies } from './middleware/request-body';
import { createStaticApps, serveApps } from './middleware/static-apps';
import { createPools, currentTargets } from './upstreams';

export type GatewayDeps = {
  config: Readonly<GatewayConfig>;
  knex: Knex;
  logger: Logger;
  /** The public-read cache (default: one for this process alone, purged only by writes through it). */
  cache?: PublicCache;
  /** Where the access log goes (default: `logger`). */
  accessLogger?: Logger;
  /** The bucket's origin browsers PUT direct uploads' parts to (S3 storage), which the CSP must allow. */
  uploadOrigin?: string | null;
};

/**
 * Builds the gateway (no listen), one named middleware per concern, in the order a request meets
 * them: request id, access log, errors, security headers, request-body limits, path sanity, forwarded headers (who the
 * client is), the cross-site guard, health, `/mf/remotes.json`, API docs, the public-read cache, the proxy to the owning service (with
 * the session's signed identity), then the shell and remotes with SPA fallback.
 */
export function createGateway({
  config,
  knex,
  logger,
  cache = createPublicCache({ maxSeconds: config.PUBLIC_CACHE_MAX_SECONDS }),
  accessLogger = logger,
  uploadOrigin = null,
}: GatewayDeps): Koa {
  const app = new Koa({ proxy: config.TRUST_PROXY_HOPS > 0, maxIpsCount: config.TRUST_PROXY_HOPS });
  app.silent = true;
  // Each service's replicas (its `<NAME>_URL` list): the proxy spreads requests over them.
  const pools = createPools(
    Object.fromEntries(UPSTREAM_SERVICES.map((name) => [name, config[urlVariable(name)]])) as Record<
      ServiceName,
      string[]
    >,
  );
  const targets = currentTargets(pools);
  const apps = createStaticApps(config.APPS_ROOT);
  // Looked up at most once per request, and only when a route needs it (no cookie: no query).
  const identityOf = async (ctx: Context): Promise<Identity | null> => {
    if (!('identity' in ctx.state)) {
      const token = ctx.cookies.get(config.SESSION_COOKIE);
      ctx.state.identity = token ? await identityForSession(knex, token) : null;
    }
    return ctx.state.identity;
  };

  app.use(requestIdMiddleware());
  app.use(accessLog(accessLogger));
  app.use(errorMiddleware(logger));
  app.use(
    securityHeaders({
      scriptHashes: apps.inlineScriptHashes(),
      remoteOrigins: remoteOriginsOf(config),
      uploadOrigin,
      https: config.PUBLIC_URL.startsWith('https:'),
    }),
  );
  // Before anything may answer without reading the body: every body is under a time limit.
  app.use(
    requestBodies({
      bodyTimeoutMs: config.BODY_TIMEOUT_MS,
      uploadMinBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
      uploadRateWindowMs: config.UPLOAD_RATE_WINDOW_MS,
    }),
  );
  app.use(safePath());
  app.use(forwardedHeaders());
  app.use(crossSiteGuard({ publicOrigin: new URL(config.PUBLIC_URL).origin }));
  app.use(healthEndpoints({ knex, targets, identityOf }));
  app.use(async (ctx, next) => {
    if (ctx.path !== '/mf/remotes.json' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = remotesManifest(config);
  });
  app.use(apiDocs({ targets, identityOf }));
  app.use(publicReads(cache));
  app.use(
    proxyToServices({
      pools,
      identitySecret: config.IDENTITY_SECRET,
      upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
      identityOf,
      logger,
      cache,
    }),
  );
  app.use(serveApps(apps));
  return app;
}

/** Origins of remotes configured with absolute URLs (none when they are served here). */
function remoteOriginsOf(config: Pick<GatewayConfig, 'MF_REMOTES'>): string[] {
  const origins = remotesManifest(config)
    .remotes.map((r) => (/^https?:\/\//.test(r.entry) ? new URL(r.entry).origin : null))
    .filter((o): o is string => o !== null);
  return [...new Set(origins)];
}
