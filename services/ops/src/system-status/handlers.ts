import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import type { Counters } from '../counters';
import { systemProbes, systemStatus } from './service';

/** GET /api/admin/settings/system-status — admin; live checks of the database, object storage and job queue, with latency. */
export const getSystemStatus = (knex: Knex, deps: { storage: ObjectStorage }) => async (ctx: RouteContext) => {
  ctx.body = await systemStatus(systemProbes(knex, deps.storage));
};

/** The server caches Clear Cache empties, as the admin reads them. */
export const NAMED_CACHES = ['Order counters', 'Audio file counters'] as const;

/** POST /api/admin/settings/clear-cache — admin; empties the ops service's counter caches (the next read recounts). */
export const postClearCache = (deps: { counters: Pick<Counters, 'clear'> }) => async (ctx: RouteContext) => {
  deps.counters.clear();
  ctx.body = { cleared: [...NAMED_CACHES] };
};
