import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { IdParam, OkResponse, SiteConfig, type Role } from '@mastering/contracts';
import { createLogger, createService, hashToken, route } from '@mastering/service-kit';
import { createGateway } from '../../src/app';
import { readGatewayConfig } from '../../src/config';

const SECRET = 'd'.repeat(40);
let db: TestDatabase;
let service: Server;
let gateway: Server;
let gatewayUrl: string;
let brokenGateway: Server;
let brokenGatewayUrl: string;
const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  // One real service (service-kit describes its table at /openapi) stands in for all four; the gateway
  // keeps from each only the operations it routes to that service.
  const app = createService({
    name: 'storefront',
    knex: db.knex,
    identitySecret: SECRET,
    logger: createLogger('docs-test', 'silent'),
    routes: [
      route({
        method: 'GET',
        path: '/api/config',
        permission: 'public',
        response: SiteConfig,
        handler: () => undefined,
      }),
      route({
        method: 'DELETE',
        path: '/api/admin/testimonials/:id',
        permission: 'admin',
        params: IdParam,
        response: OkResponse,
        handler: () => undefined,
      }),
    ],
  });
  service = createServer(app.callback());
  const serviceUrl = `http://127.0.0.1:${await listen(service)}`;
  const gatewayTo = (emailUrl: string) => {
    const config = readGatewayConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: SECRET,
      STOREFRONT_URL: serviceUrl,
      OPS_URL: serviceUrl,
      CONTENT_URL: serviceUrl,
      EMAIL_URL: emailUrl,
      APPS_ROOT: '/nonexistent',
    });
    return createServer(
      createGateway({ config, knex: db.knex, logger: createLogger('gateway-test', 'silent') }).callback(),
    );
  };
  gateway = gatewayTo(serviceUrl);
  gatewayUrl = `http://127.0.0.1:${await listen(gateway)}`;
  // The email service is down behind this one (nothing listens on port 9).
  brokenGateway = gatewayTo('http://127.0.0.1:9');
  brokenGatewayUrl = `http://127.0.0.1:${await listen(brokenGateway)}`;
});

afterAll(async () => {
  gateway?.close();
  brokenGateway?.close();
  service?.close();
  await db?.destroy();
});

const signedIn = async (role: Role) => {
  const token = `${role}-${Math.random()}`;
  const [user] = await db
    .knex('users')
    .insert({ email: `${token}@example.com`, role, isActive: true })
    .returning('*');
  await db
    .knex('sessions')
    .insert({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
  return { cookie: `sid=${token}` };
};
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gatewayUrl}${path}`, { headers });

describe('the API description', () => {
  it('is for staff: signed out 401, a customer 403', async () => {
    for (const path of [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, await signedIn('customer'))).status).toBe(403);
    }
  });

  it('answers 503 naming the service whose description it cannot read', async () => {
    const res = await fetch(`${brokenGatewayUrl}/api/openapi.json`, { headers: await signedIn('admin') });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/email service is down/);
  });

  it("is assembled from the services' route tables, keeping only what the gateway routes to each", async () => {
    const res = await get('/api/openapi.json', await signedIn('engineer'));
    expect(res.status).toBe(200);
    const document = await res.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    // /api/config from the "storefront"; the testimonial delete from the "content" service only (the
    // same table answered for storefront and ops, whose copies the gateway drops).
    expect(Object.keys(document.paths)).toEqual(['/api/config', '/api/admin/testimonials/{id}']);
    expect(
      document.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties,
    ).toBeDefined();
    expect(document.paths['/api/admin/testimonials/{id}'].delete.security).toEqual([{ session: [] }]);
    expect(document.components.responses.Error404.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });
});

describe('the reference page', () => {
  it('loads Swagger UI from the gateway itself (no CDN, no inline script) and points it at the document', async () => {
    const staff = await signedIn('engineer');
    const page = await get('/api/docs', staff);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/swagger-ui.css">');
    expect(html).not.toMatch(/<script>[^<]/);
    expect(html).not.toMatch(/https?:\/\//);
    const start = await (await get('/api/docs/start.js', staff)).text();
    expect(start).toContain("url: '/api/openapi.json'");
    const script = await get('/api/docs/swagger-ui-bundle.js', staff);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('SwaggerUIBundle');
    const style = await get('/api/docs/swagger-ui.css', staff);
    expect(style.headers.get('content-type')).toMatch(/text\/css/);
    expect((await style.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });
});
