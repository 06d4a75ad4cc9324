// The OpenAPI document is generated from the route tables: every row must say what it takes and what
// it answers, the document must be valid OpenAPI 3.1, and every spec path must be one of its operations.
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { IDEMPOTENCY_KEY_HEADER, IdParam, OkResponse, UserIdParam } from '@mastering/contracts';
import { checkRowSchemas, describeRoutes, route, type Route } from '@mastering/service-kit';
import { routes as yocoSandboxRoutes } from '../../yoco-sandbox/src/routes';
import { SPEC_PATHS } from './spec-paths';
import { reachable, routedTo } from '../src/middleware/api-docs';
import type { ServiceName } from '../src/routes';
import { documentFromTables, ROUTE_TABLES } from './openapi-tables';

// zod here is the contracts' (the root's is zod 3, for tools). The sandbox is not behind the gateway, but its rows are held to the same rule.
const TABLES = { ...ROUTE_TABLES, 'yoco-sandbox': yocoSandboxRoutes({ checkouts: {} as never }) };
const rows = Object.entries(TABLES).flatMap(([service, table]) =>
  table.map((row) => [service, `${row.method} ${row.path}`, row] as const),
);

describe('every route row has its schemas', () => {
  it.each(rows)('%s: %s', (_service, _key, row) => {
    expect(() => checkRowSchemas(row)).not.toThrow();
  });
});

describe('the schema check', () => {
  const handler = () => undefined;
  const bare = { method: 'POST', path: '/api/things/:id', permission: 'admin', handler } as const;
  it('refuses a row without a response, a write without a body, and path parameters without a schema', () => {
    expect(() => checkRowSchemas(bare as unknown as Route)).toThrow(/no response schema/);
    expect(() => checkRowSchemas(route({ ...bare, response: OkResponse }))).toThrow(/no params schema/);
    expect(() => checkRowSchemas(route({ ...bare, params: IdParam, response: OkResponse }))).toThrow(/no body schema/);
    expect(() =>
      checkRowSchemas(route({ ...bare, params: IdParam, accepts: 'none', response: OkResponse })),
    ).not.toThrow();
  });

  it('refuses a params schema that leaves a path parameter out', () => {
    const row = route({ ...bare, method: 'GET', params: UserIdParam, response: OkResponse });
    expect(() => describeRoutes([row], 'x')).toThrow(/params schema lacks id/);
  });
});

describe('the document', () => {
  const document = documentFromTables();
  const paths = document.paths as Record<
    string,
    Record<string, { responses: Record<string, unknown>; security?: unknown }>
  >;

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every row of the services behind the gateway, each routed by the gateway to its service', () => {
    for (const [service, table] of Object.entries(ROUTE_TABLES) as [
      ServiceName,
      (typeof ROUTE_TABLES)[ServiceName],
    ][]) {
      expect(reachable(service, describeRoutes(table, service))).toEqual(describeRoutes(table, service));
      for (const row of table) expect(routedTo(service, row.method, row.path), `${row.method} ${row.path}`).toBe(true);
    }
    expect(Object.values(paths).flatMap(Object.keys)).toHaveLength(Object.values(ROUTE_TABLES).flat().length);
  });

  it('documents every spec path the services own', () => {
    const operation = (method: string, path: string) =>
      Object.entries(paths).some(
        ([template, item]) =>
          method.toLowerCase() in item &&
          new RegExp(`^${template.replace(/\{key\}/, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
      );
    const missing = SPEC_PATHS.filter(([method, path, service]) => service !== null && !operation(method, path));
    expect(missing).toEqual([]);
  });

  it('asks for the session cookie on every guarded operation, and documents the errors once', () => {
    for (const item of Object.values(paths)) {
      for (const op of Object.values(item)) {
        if ((op as { 'x-permission'?: string })['x-permission'] !== 'public')
          expect(op.security).toEqual([{ session: [] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['400', '404', '503']));
      }
    }
    expect(
      JSON.stringify(document)
        .match(/"\$ref":"[^"]+"/g)
        ?.every((ref) => ref.includes('#/components/')),
    ).toBe(true);
  });
});

describe('request headers a row declares', () => {
  const operations = documentFromTables().paths as Record<string, Record<string, { parameters?: unknown[] }>>;
  const keyParameter = {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description: expect.stringContaining('the same on every retry'),
    schema: { type: 'string', pattern: expect.any(String) },
  };

  it('documents the optional Idempotency-Key of an order and of its checkout', () => {
    expect(operations['/api/orders']!.post!.parameters).toEqual([keyParameter]);
    expect(operations['/api/payment/create-checkout']!.post!.parameters).toEqual([keyParameter]);
  });

  it('leaves it out where no row declares it', () => {
    const declaring = Object.entries(operations).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.parameters?.some((p) => (p as { in: string }).in === 'header'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(declaring.sort()).toEqual(['POST /api/orders', 'POST /api/payment/create-checkout']);
  });
});
