import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, hashToken, IDENTITY_HEADER, verifyIdentity } from '@mastering/service-kit';
import { createGateway } from '../src/app';
import { readGatewayConfig } from '../src/config';
import { limitClients } from '../src/client-limits';
import { BODY_TOO_LARGE, BODY_TOO_SLOW, UPLOAD_TOO_SLOW } from '../src/middleware/request-body';

const SECRET = 'x'.repeat(40);
const MB = 1024 * 1024;
// Megabytes in the streamed upload and download: many times any stream buffer (64 KB), so a proxy that
// buffered a whole body would still hang (upload) or hold it all (download); more only costs CI time.
const BIG_BLOCKS = 8;

type Seen = { method?: string; url?: string; headers?: IncomingHttpHeaders; bytes: number };

let db: TestDatabase;
let upstream: Server;
let gateway: Server;
let gatewayUrl: URL;
let appsRoot: string;
let upstreamUrl: string;
let firstChunk: () => void = () => {};
const seen: Seen = { bytes: 0 };
/** How many requests reached the fake service, by URL. */
const reached = new Map<string, number>();
let lastPeerPort = 0;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  // One fake upstream stands in for every service: it records what reached it.
  upstream = createServer((req, res) => {
    reached.set(req.url ?? '', (reached.get(req.url ?? '') ?? 0) + 1);
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
          while (sent < BIG_BLOCKS) {
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
  writeFileSync(
    path.join(appsRoot, 'shell', 'dist', 'index.html'),
    '<!doctype html><script>document.documentElement.className="dark"</script><div id="root"></div>',
  );
  mkdirSync(path.join(appsRoot, 'shell', 'dist', 'prerendered'));
  writeFileSync(
    path.join(appsRoot, 'shell', 'dist', 'prerendered', 'index.html'),
    '<div id="root"><h1>Home</h1></div>',
  );
  writeFileSync(
    path.join(appsRoot, 'shell', 'dist', 'prerendered', 'upload.html'),
    '<div id="root"><h1>Upload</h1></div>',
  );
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'main.js'), 'console.log(1)');
  writeFileSync(path.join(appsRoot, 'shell', 'dist', 'vendor.0123456789abcdef.js'), 'console.log(2)');
  writeFileSync(
    path.join(appsRoot, 'shell', 'dist', 'vendor.0123456789abcdef.js.br'),
    brotliCompressSync('console.log(2)'),
  );
  writeFileSync(path.join(appsRoot, 'mf-admin-ops', 'dist', 'remoteEntry.js'), 'var mf_admin_ops;');

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
  limitClients(gateway, config);
  gatewayUrl = new URL(`http://127.0.0.1:${await listen(gateway)}`);
});

afterAll(async () => {
  gateway?.close();
  upstream?.close();
  await db?.destroy();
  if (appsRoot) rmSync(appsRoot, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(new URL(p, gatewayUrl), { headers });

/**
 * A GET sent with exactly these headers, as a browser sends it (fetch adds its own: with a conditional
 * header it also asks for no cached answer, and Accept-Encoding without br).
 */
const rawGet = (p: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(new URL(p, gatewayUrl), { headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

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
    const [user] = await db
      .knex('users')
      .insert({ email: 'engineer@example.com', role: 'engineer', isActive: true })
      .returning('*');
    const [session] = await db
      .knex('sessions')
      .insert({ tokenHash: hashToken('good-token'), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) })
      .returning('*');
    await db
      .knex('sessions')
      .insert({ tokenHash: hashToken('old-token'), userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    await get('/api/users', { cookie: 'sid=good-token', [IDENTITY_HEADER]: 'forged' });
    const identity = await verifyIdentity(String(seen.headers?.[IDENTITY_HEADER]), SECRET);
    expect(identity).toEqual({
      userId: user.id,
      email: 'engineer@example.com',
      role: 'engineer',
      sessionId: session.id,
    });

    await get('/api/users', { cookie: 'sid=old-token' });
    expect(seen.headers?.[IDENTITY_HEADER]).toBeUndefined();
    await get('/api/users', { cookie: 'sid=nobody' });
    expect(seen.headers?.[IDENTITY_HEADER]).toBeUndefined();
  });

  it('streams an upload body: the service receives data before the client has finished sending', async () => {
    const arrived = new Promise<void>((resolve) => (firstChunk = resolve));
    const total = BIG_BLOCKS * MB;
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        new URL(`/uploads/${crypto.randomUUID()}`, gatewayUrl),
        { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'content-length': String(total) } },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      const block = Buffer.alloc(MB, 1);
      req.write(block);
      // The rest is only sent once the service has the first megabyte: a buffering proxy never
      // forwards before the body ends, so this would hang and the test would time out.
      void arrived.then(() => {
        let written = 1;
        const pump = () => {
          while (written < BIG_BLOCKS) {
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
    expect(body.byteLength).toBe(BIG_BLOCKS * MB);
    expect(body.every((b) => b === 7)).toBe(true);
  });

  it('answers 503 JSON when a service is down', async () => {
    const config = readGatewayConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: SECRET,
      STOREFRONT_URL: 'http://127.0.0.1:1',
      APPS_ROOT: appsRoot,
    });
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
  const server = createServer(
    createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') }).callback(),
  );
  limitClients(server, config);
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  return { url, port, server, close: () => server.close() };
}

/** Signs in a fresh user with `role` and answers the cookie header for its session. */
async function sessionCookie(role: 'customer' | 'engineer' | 'admin') {
  const token = `token-${role}-${Math.random().toString(36).slice(2)}`;
  const [user] = await db
    .knex('users')
    .insert({ email: `${token}@example.com`, role, isActive: true })
    .returning('*');
  await db
    .knex('sessions')
    .insert({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
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
      expect(await admin.json()).toEqual({
        status: 'ok',
        database: 'ok',
        services: { storefront: 'ok', ops: 'ok', content: 'ok', email: 'down' },
      });
      const engineer = await fetch(`${gw.url}/readyz`, { headers: { cookie: await sessionCookie('engineer') } });
      expect(await engineer.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      gw.close();
    }
  });

  it('is not ready when its database is down, and says no more than that', async () => {
    const config = readGatewayConfig({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      IDENTITY_SECRET: SECRET,
      APPS_ROOT: appsRoot,
    });
    const { createKnex } = await import('@mastering/db');
    const deadKnex = createKnex(config.DATABASE_URL, { pool: { min: 0, max: 1 } });
    const server = createServer(
      createGateway({ config, knex: deadKnex, logger: createLogger('gateway-test', 'silent') }).callback(),
    );
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
    await get('/api/config', {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      forwarded: 'for=6.6.6.6',
    });
    expect(seen.headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers?.['x-forwarded-proto']).toBe('http');
    expect(seen.headers?.['x-forwarded-host']).toBe(gatewayUrl.host);
    expect(seen.headers?.forwarded).toBeUndefined();
  });

  it('believes exactly the configured number of proxies in front of it', async () => {
    const gw = await startGateway({ TRUST_PROXY_HOPS: '1' });
    try {
      // The client claimed 6.6.6.6; our one trusted proxy appended the address it saw, 198.51.100.7.
      await fetch(`${gw.url}/api/config`, {
        headers: {
          'x-forwarded-for': '6.6.6.6, 198.51.100.7',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'studio.example',
        },
      });
      expect(seen.headers?.['x-forwarded-for']).toBe('198.51.100.7');
      expect(seen.headers?.['x-forwarded-proto']).toBe('https');
      expect(seen.headers?.['x-forwarded-host']).toBe('studio.example');
    } finally {
      gw.close();
    }
  });

  it('refuses a cross-site POST and lets same-origin browsers and header-less clients through', async () => {
    seen.url = undefined;
    const post = (headers: Record<string, string>) =>
      fetch(new URL('/auth/logout', gatewayUrl), { method: 'POST', headers });
    const refused = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect(seen.url).toBeUndefined();
    expect((await post({ origin: gatewayUrl.origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ origin: 'http://localhost:8080' })).status).toBe(200); // the configured PUBLIC_URL
    expect((await post({})).status).toBe(200); // a webhook or API client
    expect((await get('/api/config', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(
      200,
    );
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

  it('cuts the client off when a service stops in the middle of its answer, instead of leaving it waiting', async () => {
    const dying = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 50);
    });
    const dyingUrl = `http://127.0.0.1:${await listen(dying)}`;
    const gw = await startGateway({ CONTENT_URL: dyingUrl });
    try {
      const res = await fetch(`${gw.url}/api/showcase-tracks`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    } finally {
      gw.close();
      dying.close();
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

  it('serves a prerendered page its own HTML, every other page index.html', async () => {
    for (const [pagePath, heading] of [
      ['/', '<h1>Home</h1>'],
      ['/upload', '<h1>Upload</h1>'],
    ]) {
      const res = await get(pagePath);
      expect(await res.text()).toContain(heading);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await get('/login')).text()).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year and entry files not at all', async () => {
    expect((await get('/vendor.0123456789abcdef.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/main.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a browser revalidating an entry file 304 until the file changes, and always sends the page', async () => {
    const first = await rawGet('/mf/mf-admin-ops/remoteEntry.js');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await rawGet('/mf/mf-admin-ops/remoteEntry.js', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    // A new build: the browser's copy is stale, so the whole file comes back.
    const entry = path.join(appsRoot, 'mf-admin-ops', 'dist', 'remoteEntry.js');
    writeFileSync(entry, 'var mf_admin_ops = 2;');
    try {
      const changed = await rawGet('/mf/mf-admin-ops/remoteEntry.js', { 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.body.toString()).toBe('var mf_admin_ops = 2;');
    } finally {
      writeFileSync(entry, 'var mf_admin_ops;');
    }
    // The page document has no validator: it is sent whole every time.
    const page = await rawGet('/admin/orders');
    expect(page.headers.etag).toBeUndefined();
    expect((await rawGet('/admin/orders', { 'if-modified-since': page.headers['last-modified']! })).status).toBe(200);
  });

  it('serves the precompressed sibling to clients that accept it, keeping the cache policy', async () => {
    const res = await rawGet('/vendor.0123456789abcdef.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe('console.log(2)');
    // Without Accept-Encoding the plain file is served.
    expect(await (await get('/vendor.0123456789abcdef.js', { 'accept-encoding': 'identity' })).text()).toBe(
      'console.log(2)',
    );
  });

  it('serves remote entries no-cache and 404s missing remote files', async () => {
    const entry = await get('/mf/mf-admin-ops/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/mf/mf-admin-email/remoteEntry.js')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('lists the remotes from configuration at /mf/remotes.json', async () => {
    const res = await get('/mf/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      remotes: [
        { name: 'mf_storefront', entry: '/mf/mf-storefront/remoteEntry.js' },
        { name: 'mf_admin_ops', entry: '/mf/mf-admin-ops/remoteEntry.js' },
        { name: 'mf_admin_content', entry: '/mf/mf-admin-content/remoteEntry.js' },
        { name: 'mf_admin_email', entry: '/mf/mf-admin-email/remoteEntry.js' },
      ],
    });
  });
});

/** A raw client connection from `localAddress` (any 127.x.y.z is this machine) that sends `text` and keeps everything it gets. */
function rawClient(port: number, localAddress: string, text = '') {
  const socket: Socket = connect({ host: '127.0.0.1', port, localAddress });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => {}); // a reset is one of the outcomes under test
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  if (text) socket.write(text);
  return { socket, closed, received: () => received };
}

/** The headers of a request with a body of `length` bytes, and its first `sent` bytes. */
const startOfPost = (path: string, length: number, sent = 1, method = 'POST') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${'{'.padEnd(sent, ' ')}`;

const connections = (server: Server) =>
  new Promise<number>((resolve, reject) => server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

describe('gateway slow clients', () => {
  it('still answers GET /api/config within a second while 400 connections trickle request bodies', async () => {
    const gw = await startGateway({});
    const trickling: ReturnType<typeof rawClient>[] = [];
    try {
      // From five addresses, 80 each (under the per-address cap): each sends a login request's
      // headers and one byte of its body, then nothing.
      for (let i = 0; i < 400; i++)
        trickling.push(rawClient(gw.port, `127.0.1.${1 + (i % 5)}`, startOfPost('/auth/request-code', 100)));
      await vi.waitFor(async () => expect(await connections(gw.server)).toBe(400), { timeout: 20_000, interval: 20 });
      const res = await fetch(`${gw.url}/api/config`, { signal: AbortSignal.timeout(1_000) });
      expect(res.status).toBe(200);
      // None of the unfinished requests reached (and so held a connection to) the service.
      expect(reached.get('/auth/request-code') ?? 0).toBe(0);
    } finally {
      for (const client of trickling) client.socket.destroy();
      gw.close();
    }
  });

  it('answers 408 and closes the connection when a body is not complete in time', async () => {
    const gw = await startGateway({ BODY_TIMEOUT_MS: '200' });
    try {
      const answer = await rawClient(gw.port, '127.0.1.10', startOfPost('/auth/request-code', 100)).closed;
      expect(answer).toMatch(/^HTTP\/1.1 408 /);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toContain(BODY_TOO_SLOW);
    } finally {
      gw.close();
    }
  });

  it('refuses a body over 1 MB that is not an upload with 413, before reading it', async () => {
    const answer = await rawClient(Number(gatewayUrl.port), '127.0.1.11', startOfPost('/auth/request-code', 2 * MB))
      .closed;
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain(BODY_TOO_LARGE);
  });

  it('forwards a complete small body intact', async () => {
    const body = JSON.stringify({ email: 'ok@example.com' });
    const res = await fetch(new URL('/auth/request-code', gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(await res.json()).toEqual({ bytes: body.length });
    expect(seen.headers?.['content-length']).toBe(String(body.length));
  });

  it('answers 408 and closes when the headers do not arrive in time', async () => {
    const gw = await startGateway({ HEADERS_TIMEOUT_MS: '300' });
    try {
      const answer = await rawClient(gw.port, '127.0.1.12', 'GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n').closed;
      expect(answer).toMatch(/^HTTP\/1.1 408 /);
    } finally {
      gw.close();
    }
  });

  it('lets an upload take its time, but stops one that averages under the minimum rate over a window', async () => {
    const gw = await startGateway({ UPLOAD_MIN_BYTES_PER_SECOND: '1000000', UPLOAD_RATE_WINDOW_MS: '200' });
    try {
      const answer = await rawClient(
        gw.port,
        '127.0.1.13',
        startOfPost(`/uploads/${crypto.randomUUID()}`, 10 * MB, 1, 'PUT'),
      ).closed;
      expect(answer).toMatch(/^HTTP\/1.1 408 /);
      expect(answer).toContain(UPLOAD_TOO_SLOW);
    } finally {
      gw.close();
    }
  });

  it('caps the open connections of one client address, and frees a place when one closes', async () => {
    const gw = await startGateway({ MAX_CONNECTIONS_PER_CLIENT: '3' });
    const get = `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    try {
      const held = [1, 2, 3].map(() => rawClient(gw.port, '127.0.2.1'));
      await vi.waitFor(async () => expect(await connections(gw.server)).toBe(3), { interval: 10 });
      // The fourth is closed as soon as it is accepted; it never gets an answer.
      expect(await rawClient(gw.port, '127.0.2.1', get).closed).toBe('');
      // Another address is not affected.
      expect(await rawClient(gw.port, '127.0.2.2', get).closed).toMatch(/^HTTP\/1.1 200 /);
      held[0]!.socket.destroy();
      await vi.waitFor(async () => expect(await connections(gw.server)).toBe(2), { interval: 10 });
      expect(await rawClient(gw.port, '127.0.2.1', get).closed).toMatch(/^HTTP\/1.1 200 /);
      for (const client of held) client.socket.destroy();
    } finally {
      gw.close();
    }
  });

  it('applies no per-address cap behind trusted proxies, where every connection comes from the proxy', async () => {
    const gw = await startGateway({ MAX_CONNECTIONS_PER_CLIENT: '1', TRUST_PROXY_HOPS: '1' });
    try {
      const held = rawClient(gw.port, '127.0.2.3');
      await vi.waitFor(async () => expect(await connections(gw.server)).toBe(1), { interval: 10 });
      expect(
        await rawClient(
          gw.port,
          '127.0.2.3',
          `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
        ).closed,
      ).toMatch(/^HTTP\/1.1 200 /);
      held.socket.destroy();
    } finally {
      gw.close();
    }
  });
});
