import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';
import { SPEC_PATHS } from './spec-paths';

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
});
