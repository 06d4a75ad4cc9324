// The spec's paths against the services' route tables: which have a handler (so a missing endpoint
// shows by name), and who may call the back-office ones.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import type { Knex } from 'knex';
import {
  createLogger,
  createService,
  IDENTITY_HEADER,
  mountRouteTable,
  signIdentity,
  type RouteTable,
} from '@mastering/service-kit';
import { isAdminApiPath, type Role } from '@mastering/contracts';
import { SPEC_PATHS } from '../../services/gateway/test/spec-paths';
import { ROUTE_TABLES } from '../lib/openapi-tables';

const TABLES: Record<string, RouteTable> = ROUTE_TABLES;

const owned = SPEC_PATHS.filter((row): row is [string, string, string] => row[2] !== null);
const handled = (service: string, method: string, path: string) => {
  const router = new Router();
  mountRouteTable(router, TABLES[service]);
  return router.match(path, method).route;
};

// Every spec path is built; the OpenAPI document (scripts/test/openapi.test.ts) lists what each takes and answers.
describe('spec paths with a handler', () => {
  it.each(owned)('%s %s (%s)', (method, path, service) => {
    expect(handled(service, method, path)).toBeTruthy();
  });
});

// Every service app with its real route table, so the guard is tested as each service applies it.
const SECRET = 'g'.repeat(40);
const knex = { raw: async () => undefined } as unknown as Knex;
const servers: Server[] = [];
const bases: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, table] of Object.entries(TABLES)) {
    const server = createServer(
      createService({
        name,
        knex,
        identitySecret: SECRET,
        logger: createLogger(name, 'silent'),
        routes: table,
      }).callback(),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});
afterAll(() => {
  for (const s of servers) s.close();
});

const statusAs = async (role: Role | null, service: string, method: string, path: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (role)
    headers[IDENTITY_HEADER] = await signIdentity(
      { userId: '00000000-0000-4000-8000-000000000001', email: `${role}@example.com`, role, sessionId: 's' },
      SECRET,
    );
  return (
    await fetch(`${bases[service]}${path}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    })
  ).status;
};

const ENGINEER_SCREENS = /^\/api\/admin\/(orders|audio-files)(\/|$)/;
const backOffice = owned.filter(([, path]) => isAdminApiPath(path));

describe('back-office paths', () => {
  it.each(backOffice.filter(([, path]) => !ENGINEER_SCREENS.test(path)))(
    '%s %s: engineers, customers and visitors are refused',
    async (method, path, service) => {
      expect(await statusAs('engineer', service, method, path)).toBe(403);
      expect(await statusAs('customer', service, method, path)).toBe(403);
      expect(await statusAs(null, service, method, path)).toBe(401);
    },
  );

  it.each(backOffice.filter(([, path]) => ENGINEER_SCREENS.test(path)))(
    '%s %s: customers and visitors are refused',
    async (method, path, service) => {
      expect(await statusAs('customer', service, method, path)).toBe(403);
      expect(await statusAs(null, service, method, path)).toBe(401);
    },
  );
});
