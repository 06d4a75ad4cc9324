import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * Vitest's order (failed, then slowest first), with the node files before the jsdom ones. A worker
 * is kept for the next file only when that file has the same environment: in vitest's order the 33
 * jsdom files were spread among the 174 node files, so a run started 54 workers instead of a few,
 * each paying Node's start-up and the shared imports again (about 2 s of CPU each).
 */
class NodeFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // The same docblock vitest reads to choose a file's environment.
    const dom = new Set<TestSpecification>();
    await Promise.all(
      sorted.map(async (file) => {
        if (/@vitest-environment\s+jsdom\b/.test(await readFile(file.moduleId, 'utf8'))) dom.add(file);
      }),
    );
    return [...sorted.filter((file) => !dom.has(file)), ...sorted.filter((file) => dom.has(file))];
  }
}

// One vitest run covers every workspace. Integration tests start their own databases
// (see packages/db/src/testing.ts), so files run in parallel forks safely.
//
// Speed on the 2-core CI machine (see .ci/run's timing lines):
// - vitest's default is one worker fewer than the cores, so ONE worker there; most files spend their
//   time waiting on PostgreSQL, HTTP and ffmpeg, so one worker per core plus one keeps both busy
//   (two per core pushed the heaviest integration files past their 60 s timeout on a loaded machine).
// - `isolate: false`: a worker keeps its loaded modules from one file to the next instead of
//   importing the service apps, React and zod again for every file (imports were 39% of the run).
//   Files must not leak state (mocks, stubbed globals, fake timers) past their own afterEach/afterAll.
// - NodeFilesFirst: so that the workers are indeed kept from one file to the next.
export default defineConfig({
  test: {
    include: ['{packages,services,shell,mf-*}/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: availableParallelism() + 1,
    isolate: false,
    sequence: { sequencer: NodeFilesFirst },
    globalSetup: ['./packages/db/src/vitest-global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
