import { defineConfig } from 'vitest/config';

// vitest 5's reporter uses Map.groupBy (Node 21+); on Node 20 it crashed while printing a failure,
// hiding which test failed. This config loads in the main process before any reporter runs.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// One vitest run covers every workspace. Integration tests start their own databases
// (see packages/db/src/testing.ts), so files run in parallel forks safely.
export default defineConfig({
  test: {
    include: ['{packages,services,shell,mf-*}/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    globalSetup: ['./packages/db/src/vitest-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
