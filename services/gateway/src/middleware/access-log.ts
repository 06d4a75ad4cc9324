import type { Middleware } from 'koa';
import { redactUrl, type Logger } from '@mastering/service-kit';

/**
 * Logs one line per request when its response is done: id, method, url (tokens redacted), status, time,
 * service.
 */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId: ctx.state.requestId,
          method: ctx.method,
          url: redactUrl(ctx.url),
          status: ctx.res.statusCode,
          ms: Math.round(ms * 10) / 10,
          service: ctx.state.service,
        },
        'access',
      );
    });
    await next();
  };
}
