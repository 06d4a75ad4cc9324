import { timingSafeEqual } from 'node:crypto';
import Koa, { type Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import {
  createLogger,
  errorMiddleware,
  mountRouteTable,
  requestIdMiddleware,
  Router,
  toErrorResponse,
  Unauthorized,
  type Logger,
} from '@mastering/service-kit';
import type { SandboxConfig } from './config';
import { createCheckouts } from './checkouts/service';
import { renderMessagePage } from './checkouts/page';
import { routes } from './routes';
import { createWebhookSender, type WebhookSender } from './webhooks/service';

/** True when the request carries `Authorization: Bearer <secretKey>` (compared in constant time). */
export function hasSecretKey(authorization: string | undefined, secretKey: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(secretKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Yoco answers an API call without a valid secret key with 401 before looking at the body.
const requireSecretKey =
  (secretKey: string): Middleware =>
  async (ctx, next) => {
    if (ctx.path.startsWith('/api/') && !hasSecretKey(ctx.get('authorization'), secretKey)) {
      throw new Unauthorized('Invalid or missing secret key');
    }
    await next();
  };

// The hosted pages are for people: their errors (unknown checkout, already paid) are pages, not JSON.
const htmlErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!ctx.path.startsWith('/checkout/')) throw err;
    const { status, body } = toErrorResponse(err);
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = renderMessagePage(status === 404 ? 'Checkout not found' : 'Checkout unavailable', body.error);
  }
};

/**
 * Builds the Yoco sandbox app: the checkout API (secret key required), the hosted checkout page and
 * its outcomes, and `/healthz`. Checkouts live in memory. `webhooks` is injectable for tests.
 */
export function buildApp({
  config,
  logger = createLogger('yoco-sandbox'),
  webhooks,
}: {
  config: Readonly<SandboxConfig>;
  logger?: Logger;
  webhooks?: WebhookSender;
}) {
  const sender =
    webhooks ?? createWebhookSender({ url: config.YOCO_WEBHOOK_URL, secret: config.YOCO_WEBHOOK_SECRET, logger });
  const checkouts = createCheckouts({ baseUrl: config.YOCO_API_URL, webhooks: sender });
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok', service: 'yoco-sandbox' };
  });
  mountRouteTable(router, routes({ checkouts }));

  app.use(requestIdMiddleware());
  app.use(errorMiddleware(logger));
  app.use(htmlErrors);
  app.use(async (ctx, next) => {
    // No identity scheme here (see routes.ts); the route table reads it, so say so explicitly.
    ctx.state.identity = null;
    ctx.set('X-Frame-Options', 'DENY');
    await next();
    if (ctx.status === 404 && ctx.body == null) ctx.body = { error: 'Not found' };
  });
  app.use(requireSecretKey(config.YOCO_SECRET_KEY));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '100kb', encoding: 'utf-8' }));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return Object.assign(app, { webhooks: sender });
}
