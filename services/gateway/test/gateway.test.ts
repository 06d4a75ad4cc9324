import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, hashToken, IDENTITY_HEADER, verifyIdentity } from '@mastering/service-kit';
import { createGateway } from '../src/app';
import { readGatewayConfig } from '../src/config';

const SECRET = 'x'.repeat(40);
const MB = 1024 * 1024;

type Seen = { method?: string; url?: string; headers?: IncomingHttpHeaders; bytes: number };

let db: TestDatabase;
let upstream: Server;
let gateway: Server;
let gatewayUrl: URL;
let appsRoot: string;
let upstreamUrl: string;
let firstChunk: () => void = () => {};
const seen: Seen = { bytes: 0 };
let lastPeerPort = 0;

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  db = await createTestDatabase();
  // One fake upstream stands in for every service: it records what reached it.
  upstream = createServer((req, res) => {
    seen.method = req.method;
    seen.url = req.url;
    seen.headers = req.headers;
    seen.bytes = 0;
    lastPeerPort = req.socket.remotePort ?? 0;
    req.on('data', (chunk: Buffer) => {
      if (seen.bytes === 0) firstChunk();
      seen.bytes += chunk.length;
    });
    req.on('end', () => {
      if (req.url === '/media/big-download') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        let sent = 0;
        const block = Buffer.alloc(MB, 7);
        const pump = () => {
          while (sent < 32) {
            sent++;
            if (!res.write(block)) return void res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ bytes: seen.bytes }));
    });
  });
  upstreamUrl = `http://127.0.0.1:${await listen(upstream)}`;

  appsRoot = mkdtempSync(path.join(tmpdir(), 'apps-'));
  mkdirSync(path.join(appsRoot, 'shell', 'dist'), { recursive: true });
  mkdirSync(path.join(appsRoot, 'mf-admin-ops', 'dist'), { recursive: true });
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'index.html'), '<!doctype html><script>document.documentElement.className="dark"</script><div id="root"></div>');
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'main.js'), 'console.log(1)');
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'vendor.0123456789abcdef.js'), 'console.log(2)');
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'vendor.0123456789abcdef.js.br'), brotliCompressSync('console.log(2)'));
  writeFileSync(path.join(appsRoot, 'mf-admin-ops', 'dist', 'mf-manifest.json'), '{"id":"mf_admin_ops"}');

  const config = readGatewayConfig({
    DATABASE_URL: db.connectionString,
    IDENTITY_SECRET: SECRET,
    STOREFRONT_URL: upstreamUrl,
    OPS_URL: upstreamUrl,
    CONTENT_URL: upstreamUrl,
    EMAIL_URL: upstreamUrl,
    APPS_ROOT: appsRoot,
  });
  const app = createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') });
  gateway = createServer(app.callback());
  gatewayUrl = new URL(`http://127.0.0.1:${await listen(gateway)}`);
});

afterAll(async () => {
  gateway?.close();
  upstream?.close();
  await db?.destroy();
  if (appsRoot) rmSync(appsRoot, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p, gatewayUrl), { headers });

describe('gateway proxy', () => {
  it('forwards an owned API path to its service with method, path and query intact', async () => {
    const res = await fetch(new URL('/api/admin/payments?status=failed&days=7', gatewayUrl));
    expect(res.status).toBe(200);
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/api/admin/payments?status=failed&days=7');
    expect(seen.headers?.['x-request-id']).toMatch(/.{8,}/);
    expect(res.headers.get('x-request-id')).toBe(seen.headers?.['x-request-id']);
  });

  it('answers an unknown /api path with a JSON 404 without calling a service', async () => {
    seen.url = undefined;
    const res = await get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No API route for GET /api/does-not-exist' });
    expect(seen.url).toBeUndefined();
  });

  it('strips identity headers a client sends', async () => {
    await get('/api/config', { [IDENTITY_HEADER]: 'forged.token.value', 'x-mastering-role': 'admin' });
    expect(seen.headers?.[IDENTITY_HEADER]).toBeUndefined();
    expect(seen.headers?.['x-mastering-role']).toBeUndefined();
  });

  it('turns a valid session cookie into a signed identity header, and ignores unknown or expired ones', async () => {
    const [user] = await db.knex('users').insert({ email: 'engineer@example.com', role: 'engineer', isActive: true }).returning('*');
    const [session] = await db.knex('sessions').insert({ tokenHash: hashToken('good-token'), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) }).returning('*');
    await db.knex('sessions').insert({ tokenHash: hashToken('old-token'), userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    await get('/api/users', { cookie: 'sid=good-token', [IDENTITY_HEADER]: 'forged' });
    const identity = await verifyIdentity(String(seen.headers?.[IDENTITY_HEADER]), SECRET);
    expect(identity).toEqual({ userId: user.id, email: 'engineer@example.com', role: 'engineer', sessionId: session.id });

    await get('/api/users', { cookie: 'sid=old-token' });
    expect(seen.headers?.[IDENTITY_HEADER]).toBeUndefined();
    await get('/api/users', { cookie: 'sid=nobody' });
    expect(seen.headers?.[IDENTITY_HEADER]).toBeUndefined();
  });

  it('streams a request body: the service receives data before the client has finished sending', async () => {
    const arrived = new Promise<void>((resolve) => (firstChunk = resolve));
    const total = 64 * MB;
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(new URL('/api/files/upload', gatewayUrl), { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'content-length': String(total) } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      const block = Buffer.alloc(MB, 1);
      req.write(block);
      // The rest is only sent once the service has the first megabyte: a buffering proxy never
      // forwards before the body ends, so this would hang and the test would time out.
      void arrived.then(() => {
        let written = 1;
        const pump = () => {
          while (written < 64) {
            written++;
            if (!req.write(block)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
    });
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ bytes: total });
  });

  it('streams a large response back intact', async () => {
    const res = await get('/media/big-download');
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.byteLength).toBe(32 * MB);
    expect(body.every((b) => b === 7)).toBe(true);
  });

  it('answers 503 JSON when a service is down', async () => {
    const config = readGatewayConfig({ DATABASE_URL: db.connectionString, IDENTITY_SECRET: SECRET, STOREFRONT_URL: 'http://127.0.0.1:1', APPS_ROOT: appsRoot });
    const app = createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') });
    const server = createServer(app.callback());
    const port = await listen(server);
    const res = await fetch(`http://127.0.0.1:${port}/api/config`);
    server.close();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service temporarily unavailable' });
  });
});

/** Starts another gateway on the test database with some settings changed; close it when done. */
async function startGateway(overrides: Record<string, string>) {
  const config = readGatewayConfig({
    DATABASE_URL: db.connectionString,
    IDENTITY_SECRET: SECRET,
    APPS_ROOT: appsRoot,
    STOREFRONT_URL: upstreamUrl,
    OPS_URL: upstreamUrl,
    CONTENT_URL: upstreamUrl,
    EMAIL_URL: upstreamUrl,
    ...overrides,
  });
  const server = createServer(createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') }).callback());
  const url = `http://127.0.0.1:${await listen(server)}`;
  return { url, close: () => server.close() };
}

/** Signs in a fresh user with `role` and answers the cookie header for its session. */
async function sessionCookie(role: 'customer' | 'engineer' | 'admin') {
  const token = `token-${role}-${Math.random().toString(36).slice(2)}`;
  const [user] = await db.knex('users').insert({ email: `${token}@example.com`, role, isActive: true }).returning('*');
  await db.knex('sessions').insert({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
  return `sid=${token}`;
}

describe('gateway health', () => {
  it('is ready on its own database; one service down does not fail it, and only admins see the detail', async () => {
    expect(await (await get('/healthz')).json()).toEqual({ status: 'ok', service: 'gateway' });
    const gw = await startGateway({ EMAIL_URL: 'http://127.0.0.1:1' }); // nothing listens there
    try {
      const anonymous = await fetch(`${gw.url}/readyz`);
      expect(anonymous.status).toBe(200);
      expect(await anonymous.json()).toEqual({ status: 'ok', database: 'ok' });
      const admin = await fetch(`${gw.url}/readyz`, { headers: { cookie: await sessionCookie('admin') } });
      expect(await admin.json()).toEqual({ status: 'ok', database: 'ok', services: { storefront: 'ok', ops: 'ok', content: 'ok', email: 'down' } });
      const engineer = await fetch(`${gw.url}/readyz`, { headers: { cookie: await sessionCookie('engineer') } });
      expect(await engineer.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      gw.close();
    }
  });

  it('is not ready when its database is down, and says no more than that', async () => {
    const config = readGatewayConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', IDENTITY_SECRET: SECRET, APPS_ROOT: appsRoot });
    const { createKnex } = await import('@mastering/db');
    const deadKnex = createKnex(config.DATABASE_URL, { pool: { min: 0, max: 1 } });
    const server = createServer(createGateway({ config, knex: deadKnex, logger: createLogger('gateway-test', 'silent') }).callback());
    const port = await listen(server);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    server.close();
    await deadKnex.destroy();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});

describe('gateway edge', () => {
  it('reuses connections to a service instead of opening one per request', async () => {
    const ports = new Set<number>();
    for (let i = 0; i < 5; i++) {
      await (await get('/api/config')).arrayBuffer();
      ports.add(lastPeerPort);
    }
    expect(ports.size).toBe(1);
  });

  it('overwrites forwarded headers: a client cannot forge its address, scheme or host', async () => {
    await get('/api/config', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', forwarded: 'for=6.6.6.6' });
    expect(seen.headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers?.['x-forwarded-proto']).toBe('http');
    expect(seen.headers?.['x-forwarded-host']).toBe(gatewayUrl.host);
    expect(seen.headers?.forwarded).toBeUndefined();
  });

  it('believes exactly the configured number of proxies in front of it', async () => {
    const gw = await startGateway({ TRUST_PROXY_HOPS: '1' });
    try {
      // The client claimed 6.6.6.6; our one trusted proxy appended the address it saw, 198.51.100.7.
      await fetch(`${gw.url}/api/config`, { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'studio.example' } });
      expect(seen.headers?.['x-forwarded-for']).toBe('198.51.100.7');
      expect(seen.headers?.['x-forwarded-proto']).toBe('https');
      expect(seen.headers?.['x-forwarded-host']).toBe('studio.example');
    } finally {
      gw.close();
    }
  });

  it('refuses a cross-site POST and lets same-origin browsers and header-less clients through', async () => {
    seen.url = undefined;
    const post = (headers: Record<string, string>) => fetch(new URL('/auth/logout', gatewayUrl), { method: 'POST', headers });
    const refused = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect(seen.url).toBeUndefined();
    expect((await post({ origin: gatewayUrl.origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ origin: 'http://localhost:8080' })).status).toBe(200); // the configured PUBLIC_URL
    expect((await post({})).status).toBe(200); // a webhook or API client
    expect((await get('/api/config', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });

  it('answers malformed and escaping paths with 400 and 404, never 500', async () => {
    const status = (p: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: gatewayUrl.hostname, port: gatewayUrl.port, path: p }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    expect(await status('/%')).toBe(400);
    expect(await status('/..%2f..%2fetc%2fpasswd')).toBe(404);
    expect(await status('/mf/mf-admin-ops/..%2f..%2f..%2fetc%2fpasswd')).toBe(404);
    expect(await status('/media/%2e%2e/secret')).toBe(404);
  });

  it('answers 504 when a service accepts a request but never answers', async () => {
    const silent = createServer(() => {}); // takes the request, never responds
    const silentUrl = `http://127.0.0.1:${await listen(silent)}`;
    const gw = await startGateway({ CONTENT_URL: silentUrl, UPSTREAM_TIMEOUT_MS: '200' });
    try {
      const res = await fetch(`${gw.url}/api/showcase-tracks`);
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ error: 'The service did not answer in time' });
    } finally {
      gw.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('gateway static apps', () => {
  it('serves index.html for page routes with no-cache, security headers and the inline script hash', async () => {
    const res = await get('/admin/orders');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('caches hashed assets for a year and entry files not at all', async () => {
    expect((await get('/vendor.0123456789abcdef.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/main.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the precompressed sibling to clients that accept it, keeping the cache policy', async () => {
    const res = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      request(new URL('/vendor.0123456789abcdef.js', gatewayUrl), { headers: { 'accept-encoding': 'br, gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe('console.log(2)');
    // Without Accept-Encoding the plain file is served.
    expect(await (await get('/vendor.0123456789abcdef.js', { 'accept-encoding': 'identity' })).text()).toBe('console.log(2)');
  });

  it('serves remote manifests no-cache and 404s missing remote files', async () => {
    const manifest = await get('/mf/mf-admin-ops/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/mf/mf-admin-email/mf-manifest.json')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('lists the remotes from configuration at /mf/remotes.json', async () => {
    const res = await get('/mf/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      remotes: [
        { name: 'mf_storefront', entry: '/mf/mf-storefront/mf-manifest.json' },
        { name: 'mf_admin_ops', entry: '/mf/mf-admin-ops/mf-manifest.json' },
        { name: 'mf_admin_content', entry: '/mf/mf-admin-content/mf-manifest.json' },
        { name: 'mf_admin_email', entry: '/mf/mf-admin-email/mf-manifest.json' },
      ],
    });
  });
});
