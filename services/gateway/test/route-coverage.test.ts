// The spec's paths against the services' route tables: which have a handler (so a missing endpoint
// shows by name), and who may call the back-office ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import type { Knex } from 'knex';
import { createLogger, createService, mountRouteTable, type RouteTable } from '@mastering/service-kit';
import { identityHeaders, serveOverHttp, type Served } from '@mastering/service-kit/testing';
import { isAdminApiPath, type Role } from '@mastering/contracts';
import { SPEC_PATHS } from './spec-paths';
import { ROUTE_TABLES } from './openapi-tables';

const TABLES: Record<string, RouteTable> = ROUTE_TABLES;

const owned = SPEC_PATHS.filter((row): row is [string, string, string] => row[2] !== null);
const handled = (service: string, method: string, path: string) => {
  const router = new Router();
  mountRouteTable(router, TABLES[service]);
  return router.match(path, method).route;
};

// Every spec path is built; the OpenAPI document (openapi.test.ts) lists what each takes and answers.
describe('spec paths with a handler', () => {
  it.each(owned)('%s %s (%s)', (method, path, service) => {
    expect(handled(service, method, path)).toBeTruthy();
  });
});

// Every service app with its real route table, so the guard is tested as each service applies it.
const SECRET = 'g'.repeat(40);
const knex = { raw: async () => undefined } as unknown as Knex;
const servers: Served[] = [];
const bases: Record<string, string> = {};
beforeAll(async () => {
  for (const [name, table] of Object.entries(TABLES)) {
    const server = await serveOverHttp(
      createService({ name, knex, identitySecret: SECRET, logger: createLogger(name, 'silent'), routes: table }),
    );
    servers.push(server);
    bases[name] = server.base;
  }
});
afterAll(() => Promise.all(servers.map((s) => s.close())));

const statusAs = async (role: Role | null, service: string, method: string, path: string) => {
  const headers = { 'content-type': 'application/json', ...(role ? await identityHeaders(SECRET, role) : {}) };
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
