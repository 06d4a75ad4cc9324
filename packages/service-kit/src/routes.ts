import type { Context } from 'koa';
import type { Router } from '@koa/router';
import type { z } from 'zod';
import { isAdminApiPath, type Identity, type Role } from '@mastering/contracts';
import { Forbidden, Unauthorized } from './errors';

/**
 * Who may call a route: anyone, any signed-in user, staff (admins and engineers) or admins only.
 * Kept as words so a route table reads like the spec's permission column.
 */
export type Permission = 'public' | 'signed-in' | 'staff' | 'admin';

/** The roles each permission lets through (`public` needs no identity at all). */
export const PERMISSION_ROLES: Record<Exclude<Permission, 'public'>, readonly Role[]> = {
  'signed-in': ['customer', 'engineer', 'admin'],
  staff: ['admin', 'engineer'],
  admin: ['admin'],
};

/** The field a service's public answer carries to let the gateway's public-read cache keep it (see `gatewayCacheSeconds`). */
export const GATEWAY_CACHE_HEADER = 'gateway-cache-control';

// HEAD is listed for protocols that use it on their own (tus asks an upload's offset with HEAD); a GET
// row already answers HEAD.
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler finds in `ctx.state`: the validated input and the caller. */
export type RouteState<B, Q, P> = { body: B; query: Q; params: P; identity: Identity | null; requestId: string };

/** A Koa context whose `state` carries the route's validated, typed input. */
export type RouteContext<B = unknown, Q = unknown, P = unknown> = Context & { state: RouteState<B, Q, P> };

/**
 * A successful answer other than 200 JSON: its status, and either a contract schema (JSON) or the
 * media type of what is sent instead (a file, a page, an image; none for a redirect or an empty answer).
 */
export type ReplySpec = { status: number; description: string; schema?: z.ZodType; contentType?: string };

/** What a route answers on success: a contract schema (200 JSON), a ReplySpec, or several (e.g. 200 and 206). */
export type Reply = z.ZodType | ReplySpec | readonly ReplySpec[];

/**
 * A request body the JSON parser does not read (a multipart form, raw audio bytes, a signed webhook):
 * its media type and, when the handler checks it with a contract, that schema.
 */
export type RawBody = { contentType: string; description: string; schema?: z.ZodType };

/** One row of a service's route table: path, permission, input and answer schemas, caching and the handler. */
export type Route<B = unknown, Q = unknown, P = unknown> = {
  method: Method;
  /** A @koa/router path, e.g. `/api/admin/orders/:id`. */
  path: string;
  permission: Permission;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /**
   * The request headers the route reads (an object schema, lower-case names): checked like the query (400
   * before the handler runs) and described as header parameters in the OpenAPI document.
   */
  headers?: z.ZodType;
  /** A body that is not JSON (see RawBody), or `'none'` for a write that takes no body at all. */
  accepts?: RawBody | 'none';
  /** The answer on success; the OpenAPI document (`openapi.ts`) and the fuzzer check answers against it. */
  response: Reply;
  /**
   * Cache-Control for a successful GET; the answer also gets an ETag so a client or CDN can revalidate
   * with If-None-Match and receive 304. Omitted: `no-store` for anything read with an identity.
   */
  cache?: string;
  /**
   * Seconds the gateway may keep a successful public answer and serve it without asking (its public-read
   * cache, purged by any back-office write through it): sent as `Gateway-Cache-Control`, which only the
   * gateway reads. Only for answers that are the same for every caller.
   */
  gatewayCacheSeconds?: number;
  /** Reads only `ctx.state.{body,query,params,identity}`; throws domain errors. */
  handler: (ctx: RouteContext<B, Q, P>) => unknown;
};

/** A 201 answer with a contract's JSON. */
export const created = (schema: z.ZodType): ReplySpec => ({ status: 201, description: 'Created', schema });

/** An answer that is not JSON: a file, a page or an image of `contentType`. */
export const sends = (contentType: string, description: string, status = 200): ReplySpec => ({
  status,
  description,
  contentType,
});

/** A redirect (`Location` says where). */
export const redirects = (description: string, status = 302): ReplySpec => ({ status, description });

/** A service's route table. */
// biome-ignore lint/suspicious/noExplicitAny: a table holds rows of different query/body/params types; each row was checked where route() built it
export type RouteTable = readonly Route<any, any, any>[];

/** Declares one route with its types inferred from the schemas (the table stays plain data). */
export function route<B = undefined, Q = undefined, P = undefined>(row: Route<B, Q, P>): Route<B, Q, P> {
  return row;
}

/** True when `identity` may use a route with `permission`. */
export function permits(permission: Permission, identity: Identity | null): boolean {
  if (permission === 'public') return true;
  return identity !== null && PERMISSION_ROLES[permission].includes(identity.role);
}

/** Throws 401 without an identity and 403 with one that `permission` does not let through. */
export function assertPermitted(permission: Permission, identity: Identity | null): void {
  if (permits(permission, identity)) return;
  if (!identity) throw new Unauthorized();
  throw new Forbidden();
}

/**
 * Checks a route table when the service boots: a route under the admin prefix must not be public or
 * open to customers (the back-office is staff only), and no method and path may appear twice.
 */
export function checkRouteTable(routes: RouteTable): void {
  const seen = new Set<string>();
  for (const r of routes) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) throw new Error(`Route table lists ${key} twice`);
    seen.add(key);
    if (isAdminApiPath(r.path) && r.permission !== 'admin' && r.permission !== 'staff') {
      throw new Error(`${key} is a back-office path and must be 'admin' or 'staff', not '${r.permission}'`);
    }
  }
}

/**
 * Mounts a route table on a router: each route checks its permission, then parses params, query, headers
 * and body with its schemas (a failure is a 400 before the handler runs), then sets caching and runs the
 * handler. Returns the permission of every mounted route, keyed by method and router path.
 */
export function mountRouteTable(router: Router, routes: RouteTable): Map<string, Permission> {
  checkRouteTable(routes);
  const permissions = new Map<string, Permission>();
  for (const r of routes) {
    permissions.set(`${r.method} ${r.path}`, r.permission);
    router.register(r.path, [r.method], async (ctx: Context) => {
      const state = ctx.state as RouteState<unknown, unknown, unknown>;
      assertPermitted(r.permission, state.identity);
      if (r.params) state.params = r.params.parse((ctx as unknown as { params?: unknown }).params ?? {});
      if (r.query) state.query = r.query.parse(ctx.query);
      r.headers?.parse(ctx.headers);
      if (r.body) state.body = r.body.parse((ctx.request as { body?: unknown }).body ?? {});
      await r.handler(ctx as RouteContext);
      if (r.method === 'GET' && !ctx.response.get('Cache-Control')) {
        ctx.set('Cache-Control', r.cache ?? (r.permission === 'public' ? 'no-cache' : 'private, no-store'));
      }
      if (r.method === 'GET' && r.gatewayCacheSeconds)
        ctx.set(GATEWAY_CACHE_HEADER, `max-age=${r.gatewayCacheSeconds}`);
    });
  }
  return permissions;
}
