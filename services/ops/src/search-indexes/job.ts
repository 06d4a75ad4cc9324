import type { Knex } from 'knex';
import { rebuildSearchIndexes } from '@mastering/db';
import { JOBS } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';

// Keeps the back-office's search indexes compact (see packages/db/src/search-indexes.ts for why they grow).

export type SearchIndexDeps = { knex: Knex; logger?: Logger };

/** The `search-indexes.rebuild` job: weekly; a rerun only rebuilds again. */
export function searchIndexJob(deps: SearchIndexDeps) {
  return {
    name: JOBS.searchIndexes,
    every: '1 week',
    handler: async () => {
      const rebuilt = await rebuildSearchIndexes(deps.knex);
      deps.logger?.info({ rebuilt }, 'search indexes rebuilt');
    },
  };
}
