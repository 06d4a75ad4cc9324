import { afterAll, vi } from 'vitest';

/**
 * For a test file that mocks an app module with `vi.mock`: runs `load` (its dynamic imports) on an
 * emptied module registry. Files share a worker's modules (`isolate: false` in vitest.config.ts), so an
 * earlier file may already hold the page with the real module, and the mock would never reach it. Load
 * the test kit in `load` too, so the page and its providers share one copy of @mastering/ui. After this
 * file the registry is emptied again, so no later file gets the mocked copies.
 */
export async function freshModules<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  afterAll(() => {
    vi.resetModules();
  });
  return load();
}
