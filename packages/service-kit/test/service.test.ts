import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SignJWT } from 'jose';
import type { Knex } from 'knex';
import { createService } from '../src/service';
import { IDENTITY_HEADER, signIdentity, verifyIdentity } from '../src/identity';
import { NotFound } from '../src/errors';
import { route, checkRouteTable } from '../src/routes';
import { createLogger } from '../src/logger';
import { deriveKey } from '../src/tokens';

const SECRET = 's'.repeat(40);
let dbUp = true;
// Only `/readyz` touches the database; a fake lets these tests focus on the HTTP behaviour.
const knex = {
  raw: async () => {
    if (!dbUp) throw new Error('down');
  },
} as unknown as Knex;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createService({
    name: 'kit-test',
    knex,
    identitySecret: SECRET,
    logger: createLogger('kit-test', 'silent'),
    rawBodyPaths: ['/raw'],
    routes: [
      route({
        method: 'POST',
        path: '/raw',
        permission: 'public',
        response: z.unknown(),
        accepts: { contentType: 'text/plain', description: 'Any text, read raw' },
        handler: async (ctx) => {
          let raw = '';
          for await (const chunk of ctx.req) raw += chunk;
          ctx.body = { raw, parsed: (ctx.request as { body?: unknown }).body ?? null };
        },
      }),
      route({
        method: 'POST',
        path: '/echo',
        permission: 'public',
        response: z.unknown(),
        body: z.object({ name: z.string().min(1, 'Name is required') }),
        handler: (ctx) => {
          ctx.body = { hello: ctx.state.body.name };
        },
      }),
      route({
        method: 'GET',
        path: '/items/:id',
        permission: 'public',
        response: z.unknown(),
        params: z.object({ id: z.coerce.number().int() }),
        query: z.object({ q: z.string().default('') }),
        cache: 'public, max-age=60',
        handler: (ctx) => {
          ctx.body = { id: ctx.state.params.id, q: ctx.state.query.q };
        },
      }),
      route({
        method: 'GET',
        path: '/staff',
        permission: 'staff',
        response: z.unknown(),
        handler: (ctx) => {
          ctx.body = { you: ctx.state.identity!.email };
        },
      }),
      route({
        method: 'GET',
        path: '/api/admin/orders',
        permission: 'staff',
        response: z.unknown(),
        handler: (ctx) => void (ctx.body = ['order']),
      }),
      route({
        method: 'GET',
        path: '/api/admin/settings',
        permission: 'admin',
        response: z.unknown(),
        handler: (ctx) => void (ctx.body = { discount: 35 }),
      }),
      route({
        method: 'GET',
        path: '/missing',
        permission: 'public',
        response: z.unknown(),
        handler: () => {
          throw new NotFound('Order not found');
        },
      }),
      route({
        method: 'GET',
        path: '/boom',
        permission: 'public',
        response: z.unknown(),
        handler: () => {
          throw new Error('secret internals');
        },
      }),
      route({
        method: 'GET',
        path: '/db-down',
        permission: 'public',
        response: z.unknown(),
        handler: () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      }),
    ],
  });
  server = createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** Status of a GET sent with If-None-Match, as a cache revalidating its copy sends it. */
function revalidate(url: string, tag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': tag } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

const identity = {
  userId: '0b7c6f1e-1d7e-4d0a-9a55-7d1f0d9b8a11',
  email: 'eng@example.com',
  role: 'engineer' as const,
  sessionId: 's1',
};

describe('createService', () => {
  it('leaves the body of a raw-body path unread for its handler (the exact bytes a signature covers)', async () => {
    const sent = '{ "b": 1,  "a": "\u00e9" }';
    const res = await fetch(`${base}/raw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sent,
    });
    expect(await res.json()).toEqual({ raw: sent, parsed: null });
  });

  it('validates bodies and answers 400 with the schema message', async () => {
    const bad = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":""}',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Name is required' });
    const good = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"Thandi"}',
    });
    expect(await good.json()).toEqual({ hello: 'Thandi' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(res.status).toBe(400);
  });

  it('maps domain errors and hides internals of unexpected ones', async () => {
    expect(await (await fetch(`${base}/missing`)).json()).toEqual({ error: 'Order not found' });
    const boom = await fetch(`${base}/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toContain('secret');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await fetch(`${base}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('requires a signed identity with a staff role', async () => {
    expect((await fetch(`${base}/staff`)).status).toBe(401);
    const customer = await signIdentity({ ...identity, role: 'customer' }, SECRET);
    expect((await fetch(`${base}/staff`, { headers: { [IDENTITY_HEADER]: customer } })).status).toBe(403);
    const engineer = await signIdentity(identity, SECRET);
    const ok = await fetch(`${base}/staff`, { headers: { [IDENTITY_HEADER]: engineer } });
    expect(await ok.json()).toEqual({ you: 'eng@example.com' });
  });

  it('rejects identity headers signed with another key or expired', async () => {
    const forged = await signIdentity(identity, 'another-secret-another-secret-1234567');
    expect((await fetch(`${base}/staff`, { headers: { [IDENTITY_HEADER]: forged } })).status).toBe(401);
    const expired = await new SignJWT({ email: identity.email, role: 'admin', sid: 's1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(identity.userId)
      .setIssuer('mastering-gateway')
      .setAudience('mastering-services')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(deriveKey(SECRET, 'identity-token'));
    await expect(verifyIdentity(expired, SECRET)).rejects.toThrow();
    expect((await fetch(`${base}/staff`, { headers: { [IDENTITY_HEADER]: expired } })).status).toBe(401);
  });

  it('parses params and query with the route schemas, and answers unchanged reads with 304', async () => {
    const bad = await fetch(`${base}/items/abc`);
    expect(bad.status).toBe(400);
    const first = await fetch(`${base}/items/7?q=soul`);
    expect(await first.json()).toEqual({ id: 7, q: 'soul' });
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a request with If-None-Match, as a
    // browser's cache does not when it revalidates.
    expect(await revalidate(`${base}/items/7?q=soul`, tag!)).toBe(304);
    expect(await revalidate(`${base}/items/8?q=soul`, tag!)).toBe(200);
  });

  it('tags no answer that must not be stored (nothing revalidates it)', async () => {
    const res = await fetch(`${base}/staff`, { headers: { [IDENTITY_HEADER]: await signIdentity(identity, SECRET) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });

  it('keeps the whole admin prefix for admins, with engineers only on staff routes', async () => {
    const as = async (role: 'customer' | 'engineer' | 'admin' | null, path: string) =>
      (
        await fetch(`${base}${path}`, {
          headers: role ? { [IDENTITY_HEADER]: await signIdentity({ ...identity, role }, SECRET) } : {},
        })
      ).status;
    // Paths no route handles yet are guarded too: a forgotten permission can never open them.
    for (const path of ['/api/admin/settings', '/api/admin/customers', '/api/admin/nothing-here', '/api/users']) {
      expect(await as(null, path)).toBe(401);
      expect(await as('customer', path)).toBe(403);
      expect(await as('engineer', path)).toBe(403);
    }
    expect(await as('engineer', '/api/admin/orders')).toBe(200);
    expect(await as('customer', '/api/admin/orders')).toBe(403);
    expect(await as('admin', '/api/admin/settings')).toBe(200);
    expect(await as('admin', '/api/admin/nothing-here')).toBe(404);
  });

  it('refuses a route table that opens an admin path to customers, or lists a route twice', () => {
    const handler = () => undefined;
    expect(() =>
      checkRouteTable([
        route({ method: 'GET', path: '/api/admin/x', permission: 'signed-in', response: z.unknown(), handler }),
      ]),
    ).toThrow(/back-office path and must be 'admin' or 'staff'/);
    expect(() =>
      checkRouteTable([
        route({ method: 'GET', path: '/a', permission: 'public', response: z.unknown(), handler }),
        route({ method: 'GET', path: '/a', permission: 'admin', response: z.unknown(), handler }),
      ]),
    ).toThrow(/twice/);
  });

  it('answers a database outage with 503 and Retry-After, not 500', async () => {
    const res = await fetch(`${base}/db-down`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ error: 'Service temporarily unavailable' });
  });

  it('reports readiness from the database', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    dbUp = false;
    const down = await fetch(`${base}/readyz`);
    dbUp = true;
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ error: 'Database unavailable' });
  });
});
