import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';
import { SPEC_PATHS } from './spec-paths';
import { ROUTE_TABLES } from './openapi-tables';

describe('gateway route table', () => {
  it.each(SPEC_PATHS)('%s %s -> %s', (method, path, service) => {
    expect(resolveService(method, path)).toBe(service);
  });

  it('sends the download links (not spec paths) to ops', () => {
    expect(resolveService('GET', '/api/downloads/order/abcdef')).toBe('ops');
    expect(resolveService('GET', '/api/downloads/file/abcdef')).toBe('ops');
    expect(resolveService('GET', '/api/downloadsX')).toBeNull();
  });

  it("sends a refund's credit note to the storefront (the order page's link) and to ops (staff)", () => {
    expect(resolveService('GET', '/api/orders/o1/credit-notes/c1')).toBe('storefront');
    expect(resolveService('GET', '/api/admin/orders/o1/credit-notes/c1')).toBe('ops');
    expect(resolveService('POST', '/api/orders/o1/credit-notes/c1')).toBeNull();
  });

  // Issue 52: refunds live with the owner of orders' money under a prefix of their own; the gateway
  // needed a row placed before ops' /api/admin/orders while they lived under it.
  it("sends the admin's refunds to the storefront by their own prefix, and ops keeps /api/admin/orders whole", () => {
    expect(resolveService('GET', '/api/admin/refunds/orders/o1')).toBe('storefront');
    expect(resolveService('POST', '/api/admin/refunds/orders/o1')).toBe('storefront');
    expect(resolveService('POST', '/api/admin/orders/o1/refunds')).toBe('ops');
  });

  it.each(
    Object.entries(ROUTE_TABLES).flatMap(([service, table]) =>
      table.map((row) => [row.method, row.path.replace(/:\w+/g, 'x1'), service] as const),
    ),
  )("%s %s is one of %s's own rows, and the gateway sends it there", (method, path, service) => {
    expect(resolveService(method, path)).toBe(service);
  });
});
