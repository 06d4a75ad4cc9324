import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';

// Issue 25: the order page's "Not happy?" request and the staff's answers go to the storefront.
describe('gateway: order-page refund requests', () => {
  it('sends the customer request and the staff list and answer to the storefront', () => {
    expect(resolveService('POST', '/api/orders/4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e/refund-request')).toBe(
      'storefront',
    );
    expect(resolveService('GET', '/api/admin/refund-requests')).toBe('storefront');
    expect(resolveService('POST', '/api/admin/refund-requests/abc/answer')).toBe('storefront');
    expect(resolveService('GET', '/api/admin/refund-requests/count')).toBe('storefront');
  });
});
