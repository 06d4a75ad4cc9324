import { describe, expect, it } from 'vitest';
import { INTERNAL_PREFIX } from '@mastering/service-kit';
import { ROUTES } from '../src/routes';

// Issue 52: the services call each other's owners under /internal/ (erasure, master uploads); the
// gateway, the only public entry, forwards no such path, so nobody outside can reach them.
describe('internal paths', () => {
  it.each(['/internal/erasure', '/internal/master-uploads', '/internal/master-uploads/1/attach'])(
    'the gateway forwards no %s',
    (path) => {
      expect(path.startsWith(INTERNAL_PREFIX)).toBe(true);
      expect(ROUTES.filter((route) => route.pattern.test(path))).toEqual([]);
    },
  );
});
