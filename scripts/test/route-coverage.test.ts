// The spec's paths against the services' route tables: which have a handler (so a missing endpoint
// shows by name), and who may call the back-office ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import type { Knex } from 'knex';
import { createLogger, createService, IDENTITY_HEADER, isAdminPath, mountRouteTable, signIdentity, type RouteTable } from '@mastering/service-kit';
import type { Role } from '@mastering/contracts';
import { routes as storefrontRoutes } from '../../services/storefront/src/routes';
import { routes as opsRoutes } from '../../services/ops/src/routes';
import { routes as contentRoutes } from '../../services/content/src/routes';
import { routes as emailRoutes } from '../../services/email/src/routes';
import { SPEC_PATHS } from '../../services/gateway/test/spec-paths';

// Route factories only close over their dependencies; no handler runs in these tests.
const deps = {} as never;
const TABLES: Record<string, RouteTable> = { storefront: storefrontRoutes(deps), ops: opsRoutes(deps), content: contentRoutes(deps), email: emailRoutes(deps) };

/**
 * The spec paths that have a handler today. A feature that adds an endpoint adds its line here; the
 * test names below list, per path, whether it is built, so what is missing reads off the test output.
 */
const BUILT = [
  'GET /api/config',
  'POST /auth/request-code',
  'POST /auth/verify-code',
  'POST /auth/logout',
  'GET /api/auth/me',
  'GET /api/admin/dashboard-stats',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  'GET /api/showcase-tracks',
  'GET /api/testimonials',
  'GET /media/showcase/a.wav',
  'GET /api/admin/showcase-tracks',
  'POST /api/admin/showcase-tracks',
  'PUT /api/admin/showcase-tracks/1',
  'DELETE /api/admin/showcase-tracks/1',
  'GET /api/admin/testimonials',
  'POST /api/admin/testimonials',
  'PUT /api/admin/testimonials/1',
  'DELETE /api/admin/testimonials/1',
  'GET /api/admin/email-health',
  'GET /api/admin/marketing-campaigns',
  'GET /api/admin/email-templates',
  'POST /api/admin/email-templates',
  'PUT /api/admin/email-templates/1',
  'DELETE /api/admin/email-templates/1',
  'POST /api/admin/send-marketing-campaign',
  'POST /api/admin/test-email',
  'POST /api/admin/send-custom-email',
  'POST /api/admin/init-system-templates',
  'GET /e/unsubscribe/token',
  'POST /api/files/upload',
  'PUT /uploads/abc123',
  'POST /api/orders',
  'GET /api/orders/4b0c-uuid',
  'POST /api/payment/create-checkout',
  'POST /api/payment/webhook',
  'GET /api/admin/customers',
  'GET /api/admin/customers/stats',
  'GET /api/admin/customers/export',
  'GET /api/admin/customers/a%40b.co',
  'POST /api/admin/customers/a%40b.co/message',
  'GET /api/users',
  'POST /api/users',
  'GET /api/users/1',
  'PUT /api/users/1',
  'DELETE /api/users/1',
  'GET /api/orders/customer/u1',
  'GET /api/audio-files/customer/u1',
  'GET /api/admin/payments',
  'GET /api/admin/payments/1',
  'GET /api/admin/analytics',
  'POST /api/admin/settings/test-email',
  'GET /api/admin/orders',
  'PATCH /api/admin/orders/1/status',
  'GET /api/admin/audio-files',
  'PATCH /api/admin/audio-files/1/processing',
  'POST /api/admin/audio-files/1/upload-url',
  'POST /api/admin/audio-files/1/confirm-upload',
];

const owned = SPEC_PATHS.filter((row): row is [string, string, string] => row[2] !== null);
const handled = (service: string, method: string, path: string) => {
  const router = new Router();
  mountRouteTable(router, TABLES[service]);
  return router.match(path, method).route;
};

describe('spec paths with a handler', () => {
  it.each(owned.map(([method, path, service]) => [method, path, service, BUILT.includes(`${method} ${path}`) ? 'built' : 'not built yet'] as const))(
    '%s %s (%s): %s',
    (method, path, service, state) => {
      expect(handled(service, method, path)).toBe(state === 'built');
    },
  );
});

// Every service app with its real route table, so the guard is tested as each service applies it.
const SECRET = 'g'.repeat(40);
const knex = { raw: async () => undefined } as unknown as Knex;
const servers: Server[] = [];
const bases: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, table] of Object.entries(TABLES)) {
    const server = createServer(createService({ name, knex, identitySecret: SECRET, logger: createLogger(name, 'silent'), routes: table }).callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => servers.forEach((s) => s.close()));

const statusAs = async (role: Role | null, service: string, method: string, path: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (role) headers[IDENTITY_HEADER] = await signIdentity({ userId: '00000000-0000-4000-8000-000000000001', email: `${role}@example.com`, role, sessionId: 's' }, SECRET);
  return (await fetch(`${bases[service]}${path}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' })).status;
};

const ENGINEER_SCREENS = /^\/api\/admin\/(orders|audio-files)(\/|$)/;
const backOffice = owned.filter(([, path]) => isAdminPath(path));

describe('back-office paths', () => {
  it.each(backOffice.filter(([, path]) => !ENGINEER_SCREENS.test(path)))('%s %s: engineers, customers and visitors are refused', async (method, path, service) => {
    expect(await statusAs('engineer', service, method, path)).toBe(403);
    expect(await statusAs('customer', service, method, path)).toBe(403);
    expect(await statusAs(null, service, method, path)).toBe(401);
  });

  it.each(backOffice.filter(([, path]) => ENGINEER_SCREENS.test(path)))('%s %s: customers and visitors are refused', async (method, path, service) => {
    expect(await statusAs('customer', service, method, path)).toBe(403);
    expect(await statusAs(null, service, method, path)).toBe(401);
  });
});
