import { describe, expect, it } from 'vitest';
import { resolveService } from '../src/routes';

// Issue 25: replacing a flagged track from the order page belongs to the storefront (it owns uploads).
describe('gateway: order-page track replacement', () => {
  it('sends the replacement to the storefront', () => {
    expect(resolveService('POST', '/api/orders/4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e/replacements')).toBe('storefront');
  });
});
