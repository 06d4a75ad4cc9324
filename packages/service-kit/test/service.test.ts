import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SignJWT } from 'jose';
import type { Knex } from 'knex';
import { createService } from '../src/service';
import { IDENTITY_HEADER, requireRole, signIdentity, STAFF, verifyIdentity } from '../src/identity';
import { validate } from '../src/validation';
import { NotFound } from '../src/errors';
import { createLogger } from '../src/logger';
import { deriveKey } from '../src/tokens';

const SECRET = 's'.repeat(40);
let dbUp = true;
// Only `/readyz` touches the database; a fake lets these tests focus on the HTTP behaviour.
const knex = { raw: async () => { if (!dbUp) throw new Error('down'); } } as unknown as Knex;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createService({
    name: 'kit-test',
    knex,
    identitySecret: SECRET,
    logger: createLogger('kit-test', 'silent'),
    routes: (router) => {
      router.post('/echo', validate({ body: z.object({ name: z.string().min(1, 'Name is required') }) }), (ctx) => {
        ctx.body = { hello: ctx.state.body.name };
      });
      router.get('/staff', requireRole(...STAFF), (ctx) => {
        ctx.body = { you: ctx.state.identity.email };
      });
      router.get('/missing', () => {
        throw new NotFound('Order not found');
      });
      router.get('/boom', () => {
        throw new Error('secret internals');
      });
    },
  });
  server = createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const identity = { userId: '0b7c6f1e-1d7e-4d0a-9a55-7d1f0d9b8a11', email: 'eng@example.com', role: 'engineer' as const, sessionId: 's1' };

describe('createService', () => {
  it('validates bodies and answers 400 with the schema message', async () => {
    const bad = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":""}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Name is required' });
    const good = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Thandi"}' });
    expect(await good.json()).toEqual({ hello: 'Thandi' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
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
