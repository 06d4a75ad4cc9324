import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { createGateway } from '../src/app';
import { readGatewayConfig } from '../src/config';
import { postgresPurges } from '../src/cache-purges';
import { createPublicCache, keepAnswer, type PublicCache } from '../src/middleware/public-cache';

let db: TestDatabase;
let upstream: Server;
let gateway: Server;
let base: string;
let now = 1_000_000;
let cache: PublicCache;
/** How many requests reached the fake service, by URL. */
const reached = new Map<string, number>();
/** The status the fake service answers writes with. */
let writeStatus = 200;
/** The version of the list the fake service serves (an admin write would change it). */
let version = 1;

// Answers as the content service does: public lists that let the gateway keep them, and the variants
// a cache must not keep (no targeted field, private, a cookie).
const ANSWERS: Record<string, Record<string, string>> = {
  '/api/showcase-tracks': { 'cache-control': 'public, no-cache', 'gateway-cache-control': 'max-age=5' },
  '/api/testimonials': { 'cache-control': 'public, no-cache' },
  '/api/config': { 'cache-control': 'private, no-cache', 'gateway-cache-control': 'max-age=5' },
  '/api/auth/user': {
    'cache-control': 'public, no-cache',
    'gateway-cache-control': 'max-age=5',
    'set-cookie': 'sid=x',
  },
};

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  upstream = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    reached.set(path, (reached.get(path) ?? 0) + 1);
    req.resume();
    req.on('end', () => {
      if (req.method !== 'GET') {
        res.writeHead(writeStatus, { 'content-type': 'application/json' });
        return void res.end('{}');
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: `W/"v${version}"`, ...ANSWERS[path] });
      res.end(JSON.stringify({ version }));
    });
  });
  const upstreamUrl = `http://127.0.0.1:${await listen(upstream)}`;
  const config = readGatewayConfig({
    DATABASE_URL: db.connectionString,
    IDENTITY_SECRET: 'x'.repeat(40),
    STOREFRONT_URL: upstreamUrl,
    OPS_URL: upstreamUrl,
    CONTENT_URL: upstreamUrl,
    EMAIL_URL: upstreamUrl,
  });
  cache = createPublicCache({ now: () => now });
  const app = createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent'), cache });
  gateway = createServer(app.callback());
  base = `http://127.0.0.1:${await listen(gateway)}`;
});

afterAll(async () => {
  gateway?.close();
  upstream?.close();
  await db?.destroy();
});

/** GETs `path` through the gateway: status, body, headers, and whether the service was asked. */
async function read(path: string, headers: Record<string, string> = {}) {
  const before = reached.get(path) ?? 0;
  const res = await fetch(base + path, { headers });
  const body = await res.text();
  return { status: res.status, body, headers: res.headers, asked: (reached.get(path) ?? 0) > before };
}

const write = (method: string, path: string) => fetch(base + path, { method }).then((r) => r.arrayBuffer());

describe('public-read cache at the gateway', () => {
  it('answers a public list the service lets it keep from its copy, without the targeted field', async () => {
    const first = await read('/api/showcase-tracks');
    expect(first).toMatchObject({ status: 200, asked: true });
    expect(first.headers.get('gateway-cache-control')).toBeNull();
    const second = await read('/api/showcase-tracks');
    expect(second).toMatchObject({ status: 200, body: first.body, asked: false });
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
    expect(second.headers.get('gateway-cache-control')).toBeNull();
    expect(second.headers.get('age')).toBe('0');
  });

  it('answers a revalidation with 304 from its copy when the ETag still matches', async () => {
    const { headers } = await read('/api/showcase-tracks');
    const again = await read('/api/showcase-tracks', { 'if-none-match': headers.get('etag')! });
    expect(again).toMatchObject({ status: 304, body: '', asked: false });
    const other = await read('/api/showcase-tracks', { 'if-none-match': 'W/"v0"' });
    expect(other).toMatchObject({ status: 200, asked: false });
  });

  it('keeps an answer no longer than its own limit (0: never)', () => {
    const off = createPublicCache({ maxSeconds: 0 });
    off.store('/api/x', off.generation(), 5, {}, Buffer.from('x'));
    expect(off.get('/api/x')).toBeUndefined();
    let at = 0;
    const capped = createPublicCache({ maxSeconds: 2, now: () => at });
    capped.store('/api/x', capped.generation(), 5, {}, Buffer.from('x'));
    at = 1_999;
    expect(capped.get('/api/x')).toBeDefined();
    at = 2_000;
    expect(capped.get('/api/x')).toBeUndefined();
  });

  it('keeps nothing the service did not mark, or marked private, or that sets a cookie', async () => {
    for (const path of ['/api/testimonials', '/api/config', '/api/auth/user']) {
      await read(path);
      expect(await read(path)).toMatchObject({ status: 200, asked: true });
    }
  });

  it('asks the service again once max-age has passed', async () => {
    await read('/api/showcase-tracks');
    now += 4_000;
    expect((await read('/api/showcase-tracks')).asked).toBe(false);
    now += 1_000;
    expect((await read('/api/showcase-tracks')).asked).toBe(true);
  });

  it('is purged by a successful back-office write, so the change shows on the next read', async () => {
    await read('/api/showcase-tracks');
    version = 2;
    writeStatus = 403;
    await write('PUT', '/api/admin/showcase-tracks/1');
    expect(await read('/api/showcase-tracks')).toMatchObject({ asked: false, body: '{"version":1}' });
    writeStatus = 200;
    await write('PUT', '/api/admin/showcase-tracks/1');
    expect(await read('/api/showcase-tracks')).toMatchObject({ asked: true, body: '{"version":2}' });
  });

  it('does not keep an answer to a read that began before a purge', () => {
    const c = createPublicCache();
    const since = c.generation();
    c.purgeEverywhere();
    c.store('/api/x', since, 5, {}, Buffer.from('old'));
    expect(c.get('/api/x')).toBeUndefined();
    c.store('/api/x', c.generation(), 5, {}, Buffer.from('new'));
    expect(c.get('/api/x')?.body.toString()).toBe('new');
  });

  it('keeps a marked answer that arrived whole, and none over 1 MB (not even the part that fit)', () => {
    const c = createPublicCache();
    const answer = (key: string, chunks: Buffer[]) => {
      const state = { publicCache: { key, since: c.generation() } };
      const headers = { 'cache-control': 'public, max-age=60', 'gateway-cache-control': 'max-age=30' };
      const sink = keepAnswer(c, state, 200, headers)!;
      for (const chunk of chunks) sink.data(chunk);
      sink.end();
      expect(headers).not.toHaveProperty('gateway-cache-control');
    };
    answer('/api/small', [Buffer.from('{"a":'), Buffer.from('1}')]);
    expect(c.get('/api/small')?.body.toString()).toBe('{"a":1}');
    answer('/api/large', [Buffer.alloc(1024 * 1024, 'a'), Buffer.from('b')]);
    expect(c.get('/api/large')).toBeUndefined();
  });

  it('reaches every gateway of the site through PostgreSQL', async () => {
    const logger = createLogger('gateway-test', 'silent');
    const here = postgresPurges(db.knex, logger);
    const there = postgresPurges(db.knex, logger);
    const heard = new Promise<void>((resolve) => there.onPurge(resolve));
    const theirs = createPublicCache({ purges: there });
    try {
      // Each channel listens before its first purge is heard: wait until "there" is listening.
      await heard;
      theirs.store('/api/x', theirs.generation(), 5, {}, Buffer.from('kept'));
      const purged = new Promise<void>((resolve) => there.onPurge(resolve));
      createPublicCache({ purges: here }).purgeEverywhere();
      await purged;
      expect(theirs.get('/api/x')).toBeUndefined();
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
