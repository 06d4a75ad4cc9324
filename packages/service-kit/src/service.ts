import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { Router } from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import { toErrorResponse } from './errors';
import { identityMiddleware } from './identity';
import { createLogger, type Logger } from './logger';

export type ServiceOptions = {
  /** Service name, used in logs and health answers. */
  name: string;
  /** Database handle; `/readyz` answers 503 while it does not answer. */
  knex: Knex;
  /** Secret shared with the gateway to verify the identity header. */
  identitySecret: string;
  /** Mounts the service's routes (its one route table). */
  routes: (router: Router) => void;
  logger?: Logger;
  /** JSON body limit; uploads never go through the body parser. */
  jsonLimit?: string;
};

/**
 * Builds a service's Koa app (no listen): request ids, error mapping to JSON `{error, details?}`,
 * JSON body parsing, the signed identity, `/healthz` and `/readyz`, then the service's routes.
 */
export function createService(options: ServiceOptions): Koa {
  const logger = options.logger ?? createLogger(options.name);
  // Behind the gateway: the client address is the last X-Forwarded-For entry, the one the gateway
  // appended; earlier entries are whatever the client claimed.
  const app = new Koa({ proxy: true, maxIpsCount: 1 });
  app.silent = true; // errors are logged by our handler, with the request id

  app.use(async (ctx, next) => {
    const requestId = ctx.get('x-request-id') || randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('x-request-id', requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { error: 'Not found' };
      }
    } catch (err) {
      const { status, body } = toErrorResponse(err);
      if (status >= 500) logger.error({ err, requestId, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = status;
      ctx.body = body;
    }
  });

  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: options.name };
  });
  router.get('/readyz', async (ctx) => {
    try {
      await options.knex.raw('select 1');
      ctx.body = { status: 'ok', service: options.name, database: 'ok' };
    } catch (err) {
      logger.warn({ err }, 'database not ready');
      ctx.status = 503;
      ctx.body = { error: 'Database unavailable', service: options.name, database: 'down' };
    }
  });

  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: options.jsonLimit ?? '1mb', encoding: 'utf-8' }));
  app.use(identityMiddleware(options.identitySecret));
  options.routes(router);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}
