// The gateway in front of replicas: requests spread over a service's list of upstreams, a dead one is
// taken out and put back once its /readyz answers, and a request that met a dead replica goes to another
// when that is safe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { createGateway } from '../src/app';
import { readGatewayConfig } from '../src/config';
import { mayRetry, UpstreamPool, upstreamList } from '../src/upstreams';

/** A port nothing listens on any more: a replica that was killed. */
async function deadUrl() {
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise((resolve) => gone.close(resolve));
  return url;
}

const err = (code: string) => Object.assign(new Error(code), { code });

describe('UpstreamPool', () => {
  it('spreads picks round-robin and skips the replicas already tried', () => {
    const pool = new UpstreamPool(['http://a', 'http://b', 'http://c']);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual([
      'http://a',
      'http://b',
      'http://c',
      'http://a',
    ]);
    expect(pool.pick(new Set(['http://b', 'http://c']))).toBe('http://a');
  });

  it('takes a replica out on a connection error and puts it back when its /readyz answers', async () => {
    vi.useFakeTimers();
    try {
      let ready = false;
      const pool = new UpstreamPool(['http://a', 'http://b'], { probeEveryMs: 100, isReady: async () => ready });
      pool.failed('http://a', err('ECONNREFUSED'));
      expect(pool.inService()).toEqual(['http://b']);
      expect([pool.pick(), pool.pick(), pool.pick()]).toEqual(['http://b', 'http://b', 'http://b']);
      await vi.advanceTimersByTimeAsync(300);
      expect(pool.inService()).toEqual(['http://b']);
      ready = true;
      await vi.advanceTimersByTimeAsync(100);
      expect(pool.inService()).toEqual(['http://a', 'http://b']);
      pool.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a replica in service when a request only timed out or was refused by the app', () => {
    const pool = new UpstreamPool(['http://a', 'http://b']);
    pool.failed('http://a', err('ETIMEDOUT'));
    pool.failed('http://a', new Error('socket hang up'));
    expect(pool.inService()).toEqual(['http://a', 'http://b']);
  });

  it('reads a comma-separated setting and refuses an empty list', () => {
    expect(upstreamList(' http://a:1/, http://b:2 ,')).toEqual(['http://a:1', 'http://b:2']);
    expect(() => new UpstreamPool([])).toThrow(/at least one upstream/);
  });
});

describe('mayRetry', () => {
  it('resends a request no replica received, and after that only one that changes nothing', () => {
    expect(mayRetry('POST', err('ECONNREFUSED'), false)).toBe(true);
    expect(mayRetry('POST', err('ECONNRESET'), false)).toBe(false);
    expect(mayRetry('GET', err('ECONNRESET'), false)).toBe(true);
    expect(mayRetry('HEAD', err('EPIPE'), false)).toBe(true);
    expect(mayRetry('GET', err('ETIMEDOUT'), false)).toBe(false);
  });

  it('never resends a streamed body (an upload: the tus client resumes from the offset instead)', () => {
    expect(mayRetry('PATCH', err('ECONNREFUSED'), true)).toBe(false);
    expect(mayRetry('PUT', err('ECONNREFUSED'), true)).toBe(false);
  });
});

describe('the gateway with two replicas per service', () => {
  let db: TestDatabase;
  const servers: Server[] = [];
  const hits: Record<string, number> = {};
  let dead: string;
  let alsoDead: string;
  let alive: string[];

  /** A fake service replica that answers every request with its name (and the body it got). */
  const replica = async (name: string) => {
    const server = createServer(async (req, res) => {
      hits[name] = (hits[name] ?? 0) + 1;
      let body = '';
      for await (const chunk of req) body += chunk;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ replica: name, body }));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const startGateway = async (storefront: string[]) => {
    const config = readGatewayConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: 'x'.repeat(40),
      STOREFRONT_URL: storefront.join(','),
    });
    const server = createServer(
      createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') }).callback(),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    alive = [await replica('one'), await replica('two')];
    dead = await deadUrl();
    alsoDead = await deadUrl();
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await db?.destroy();
  });

  it('spreads requests over the replicas', async () => {
    const gateway = await startGateway(alive);
    const answered = [];
    for (let i = 0; i < 6; i++)
      answered.push(((await (await fetch(`${gateway}/api/config`)).json()) as { replica: string }).replica);
    expect(answered.filter((r) => r === 'one')).toHaveLength(3);
    expect(answered.filter((r) => r === 'two')).toHaveLength(3);
  });

  it('answers every read and write while one replica is dead, sending it nothing more after the first miss', async () => {
    const gateway = await startGateway([dead, alive[0]!]);
    const before = hits.one ?? 0;
    for (let i = 0; i < 4; i++) {
      const read = await fetch(`${gateway}/api/config`);
      expect(read.status).toBe(200);
      const write = await fetch(`${gateway}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"n":1}',
      });
      expect(write.status).toBe(200);
      expect(await write.json()).toEqual({ replica: 'one', body: '{"n":1}' });
    }
    expect((hits.one ?? 0) - before).toBe(8);
  });

  it('resends a read, but not a write, that a replica dropped without answering', async () => {
    // A replica that takes the request and closes the connection: it died while the request was on it.
    const dropping = createServer((req) => req.socket.destroy());
    servers.push(dropping);
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const drops = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    const gateway = await startGateway([drops, alive[0]!]);
    const read = await fetch(`${gateway}/api/config`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { replica: string }).replica).toBe('one');
    // Another gateway, so the dropping replica is still in service: the write may have reached it.
    const writer = await startGateway([drops, alive[0]!]);
    const write = await fetch(`${writer}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    });
    expect(write.status).toBe(503);
  });

  it('answers 503 when every replica is dead', async () => {
    const gateway = await startGateway([dead, alsoDead]);
    const res = await fetch(`${gateway}/api/config`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service temporarily unavailable' });
  });

  it('refuses a setting with a bad URL in the list', () => {
    expect(() =>
      readGatewayConfig({
        DATABASE_URL: db.connectionString,
        IDENTITY_SECRET: 'x'.repeat(40),
        STOREFRONT_URL: 'http://127.0.0.1:1,not a url',
      }),
    ).toThrow(/STOREFRONT_URL/);
  });
});
