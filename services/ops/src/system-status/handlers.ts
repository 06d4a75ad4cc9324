import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import { systemProbes, systemStatus } from './service';

/** GET /api/admin/settings/system-status — admin; live checks of the database, object storage and job queue, with latency. */
export const getSystemStatus = (knex: Knex, deps: { storage: ObjectStorage }) => async (ctx: RouteContext) => {
  ctx.body = await systemStatus(systemProbes(knex, deps.storage));
};
