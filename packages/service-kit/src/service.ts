import Koa from 'koa';
import { Router } from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import etag from '@koa/etag';
import type { Knex } from 'knex';
import { isAdminApiPath, type Identity } from '@mastering/contracts';
import { errorMiddleware, Forbidden, Unauthorized } from './errors';
import { identityMiddleware } from './identity';
import type { Secrets } from './keyring';
import { createLogger, type Logger } from './logger';
import { requestIdMiddleware } from './request-id';
import { describeRoutes } from './openapi';
import { mountRouteTable, permits, type Permission, type RouteTable } from './routes';

export type ServiceOptions = {
  /** Service name, used in logs and health answers. */
  name: string;
  /** Database handle; `/readyz` answers 503 while it does not answer. */
  knex: Knex;
  /** Secret shared with the gateway, or the whole keyring (see keyringOf), to verify the identity header. */
  identitySecret: Secrets;
  /** The service's one route table (see `routes.ts` in each service). */
  routes: RouteTable;
  /**
   * Calls from the other services (paths under `/internal/`, which the gateway never forwards): checked
   * like the route table's rows, but left out of `/openapi`, the public API's description.
   */
  internal?: RouteTable;
  logger?: Logger;
  /** JSON body limit; uploads never go through the body parser. */
  jsonLimit?: string;
  /**
   * Paths whose body the JSON parser leaves unread, for a handler that needs the exact bytes (a
   * signed webhook: re-serialised JSON would no longer match its signature).
   */
  rawBodyPaths?: readonly string[];
};

/** Where the paths other services call live: never forwarded by the gateway, never in the public API. */
export const INTERNAL_PREFIX = '/internal/';

/**
 * Builds a service's Koa app (no listen): request ids, error mapping to JSON `{error, details?}`,
 * ETags with 304 for unchanged reads, JSON body parsing, the signed identity, the staff-only guard on
 * the back-office API, `/healthz`, `/readyz` and `/openapi` (the table's OpenAPI path items), then the route table (permission and validation per row).
 */
export function createService(options: ServiceOptions): Koa {
  const logger = options.logger ?? createLogger(options.name);
  // Behind the gateway, which replaces X-Forwarded-For with the one client address it trusts; services
  // bind to 127.0.0.1 (see BaseServiceConfig) so nothing else can reach them to forge it.
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  app.silent = true; // errors are logged by our handler, with the request id

  app.use(requestIdMiddleware());
  app.use(errorMiddleware(logger));
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
    }
  });
  app.use(async (ctx, next) => {
    await next();
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  });
  // An answer that must not be stored is never revalidated, so it gets no ETag: hashing (and
  // serialising once more for the hash) a 1,000-row admin list was a tenth of its CPU.
  const tagged = etag({ weak: true });
  app.use(async (ctx, next) => {
    await next();
    if (!/\bno-store\b/i.test(ctx.response.get('Cache-Control'))) await tagged(ctx, async () => {});
  });

  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: options.name };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await options.knex.raw('select 1');
      ctx.body = { status: 'ok', service: options.name, database: 'ok' };
    } catch (err) {
      logger.warn({ err }, 'database not ready');
      ctx.status = 503;
      ctx.body = { error: 'Database unavailable', service: options.name, database: 'down' };
    }
  });
  const internal = options.internal ?? [];
  const outside = internal.find((row) => !row.path.startsWith(INTERNAL_PREFIX));
  if (outside)
    throw new Error(`${outside.method} ${outside.path}: an internal route's path starts with ${INTERNAL_PREFIX}`);
  const permissions = mountRouteTable(router, [...options.routes, ...internal]);
  // Internal, like /readyz (the gateway owns no `/openapi` path): the gateway assembles /api/openapi.json from these.
  // Described on the first request, not at boot: converting every schema is a tenth of a service's start.
  let description: ReturnType<typeof describeRoutes> | undefined;
  router.get('/openapi', (ctx) => {
    description ??= describeRoutes(options.routes, options.name);
    ctx.body = description;
  });

  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: options.jsonLimit ?? '1mb', encoding: 'utf-8' });
  const rawBodyPaths = new Set(options.rawBodyPaths ?? []);
  app.use((ctx, next) => (rawBodyPaths.has(ctx.path) ? next() : parseJson(ctx, next)));
  app.use(identityMiddleware(options.identitySecret));
  app.use(adminGuard(router, permissions));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}

/**
 * Guards the whole back-office API (`/api/admin/*`, `/api/users*`), including paths no route handles yet: anonymous callers get
 * 401, customers 403, engineers 403 unless a route for this method and path is marked `staff` (orders
 * and audio files); admins pass. A route that forgets its permission can therefore never open the
 * back-office to anyone but admins.
 */
function adminGuard(router: Router, permissions: Map<string, Permission>): Koa.Middleware {
  return async (ctx, next) => {
    if (!isAdminApiPath(ctx.path)) return next();
    const identity = ctx.state.identity as Identity | null;
    if (!identity) throw new Unauthorized();
    if (identity.role === 'admin') return next();
    const method = ctx.method === 'HEAD' ? 'GET' : ctx.method;
    const staffRoute = router
      .match(ctx.path, method)
      .pathAndMethod.some((layer) => permissions.get(`${method} ${layer.path}`) === 'staff');
    if (!staffRoute || !permits('staff', identity)) throw new Forbidden();
    await next();
  };
}
