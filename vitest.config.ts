import { defineConfig } from 'vitest/config';

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
