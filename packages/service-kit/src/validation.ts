import type { Middleware } from 'koa';
import type { z } from 'zod';

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

/**
 * Parses body, query and route params with the contract's zod schemas and stores the results in
 * `ctx.state.body`, `ctx.state.query` and `ctx.state.params`; a failure throws the ZodError, which
 * the error mapper turns into 400 `{error, details}` before anything changes.
 */
export function validate(schemas: Schemas): Middleware {
  return async (ctx, next) => {
    if (schemas.params) ctx.state.params = schemas.params.parse((ctx as unknown as { params?: unknown }).params ?? {});
    if (schemas.query) ctx.state.query = schemas.query.parse(ctx.query);
    if (schemas.body) ctx.state.body = schemas.body.parse((ctx.request as { body?: unknown }).body ?? {});
    await next();
  };
}
