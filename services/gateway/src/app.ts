import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa, { type Context } from 'koa';
import helmet from 'koa-helmet';
import httpProxy from 'http-proxy';
import type { Knex } from 'knex';
import { IDENTITY_HEADER, signIdentity, type Logger } from '@mastering/service-kit';
import { remotesManifest, type GatewayConfig } from './config';
import { resolveService, type ServiceName } from './routes';
import { identityForSession } from './sessions';
import { createStaticApps } from './static';
import { readiness } from './health';

export type GatewayDeps = { config: Readonly<GatewayConfig>; knex: Knex; logger: Logger };

// A client may only send us request ids we can safely log.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/**
 * Builds the gateway (no listen): security headers, request ids and access logs, strips client-sent
 * identity headers, resolves the session cookie to a signed identity header, streams `/api`, `/auth`,
 * `/uploads`, `/media` and `/e` to their services, and serves the shell and remotes with SPA fallback.
 */
export function createGateway({ config, knex, logger }: GatewayDeps): Koa {
  const app = new Koa();
  app.silent = true;
  const targets: Record<ServiceName, string> = {
    storefront: config.STOREFRONT_URL,
    ops: config.OPS_URL,
    content: config.CONTENT_URL,
    email: config.EMAIL_URL,
  };
  // Streams both ways: a 500 MB upload flows through in chunks, never buffered here.
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: false });
  proxy.on('error', (err, req, res) => {
    const response = res as ServerResponse;
    logger.warn({ err: err.message, requestId: req.headers['x-request-id'], url: req.url }, 'upstream error');
    if (!response.headersSent) {
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ error: 'Service temporarily unavailable' }));
    } else {
      response.destroy();
    }
  });
  const apps = createStaticApps(config.APPS_ROOT);
  const scriptHashes = apps.inlineScriptHashes();
  // Remotes configured on another origin (a CDN) must be allowed to load their scripts and styles.
  const remoteOrigins = remoteOriginsOf(config);

  app.use(async (ctx, next) => {
    const started = process.hrtime.bigint();
    const given = ctx.get('x-request-id');
    const requestId = SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.req.headers['x-request-id'] = requestId;
    ctx.set('x-request-id', requestId);
    ctx.res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ requestId, method: ctx.method, url: ctx.url, status: ctx.res.statusCode, ms: Math.round(ms * 10) / 10, service: ctx.state.service }, 'access');
    });
    try {
      await next();
    } catch (err) {
      logger.error({ err, requestId }, 'gateway error');
      ctx.status = 500;
      ctx.body = { error: 'Internal server error' };
    }
  });

  app.use(
    helmet({
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
      strictTransportSecurity: process.env.NODE_ENV === 'production',
    }),
  );

  // Identity comes only from the gateway: drop anything a client sent that looks like ours.
  app.use(async (ctx, next) => {
    for (const header of Object.keys(ctx.req.headers)) {
      if (header.startsWith('x-mastering-')) delete ctx.req.headers[header];
    }
    await next();
  });

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    if (ctx.path === '/readyz') {
      // Ready when the database and every service answer: what a load balancer should route on.
      const { ready, body } = await readiness(knex, targets);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = ready ? 200 : 503;
      ctx.body = body;
      return;
    }
    if (ctx.path === '/mf/remotes.json' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = remotesManifest(config);
      return;
    }
    await next();
  });

  app.use(async (ctx, next) => {
    const service = resolveService(ctx.method, ctx.path);
    if (!service) return next();
    ctx.state.service = service;
    const token = ctx.cookies.get(config.SESSION_COOKIE);
    const identity = token ? await identityForSession(knex, token) : null;
    if (identity) ctx.req.headers[IDENTITY_HEADER] = await signIdentity(identity, config.IDENTITY_SECRET);
    await forward(ctx, proxy, targets[service]);
  });

  app.use(async (ctx) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') {
      ctx.status = 404;
      ctx.body = { error: `No API route for ${ctx.method} ${ctx.path}` };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.body = { error: 'Method not allowed' };
      return;
    }
    const served = ctx.path.startsWith('/mf/') ? await apps.serveRemote(ctx) : await apps.serveShell(ctx);
    if (!served) {
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  });
  return app;
}

/** Origins of remotes configured with absolute URLs (none when they are served here). */
function remoteOriginsOf(config: Pick<GatewayConfig, 'MF_REMOTES'>): string[] {
  const origins = remotesManifest(config)
    .remotes.map((r) => (/^https?:\/\//.test(r.entry) ? new URL(r.entry).origin : null))
    .filter((o): o is string => o !== null);
  return [...new Set(origins)];
}

/** Hands the raw request and response to the proxy and resolves when the response is done. */
function forward(ctx: Context, proxy: httpProxy, target: string): Promise<void> {
  ctx.respond = false;
  // Koa has not read the body, so the proxy pipes the request stream straight to the service.
  return new Promise((resolve) => {
    ctx.res.once('close', () => resolve());
    proxy.web(ctx.req as IncomingMessage, ctx.res as ServerResponse, { target });
  });
}
