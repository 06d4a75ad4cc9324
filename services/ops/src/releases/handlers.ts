import type { Knex } from 'knex';
import type { IdParam, ReorderReleaseBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { releaseCoherence, releaseOfOrder, reorderRelease, type ReleaseDeps } from './service';

/** GET /api/admin/orders/:id/release — staff; the order's release, or null. */
export const getRelease = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await releaseOfOrder(knex, ctx.state.params.id);
};

/** PUT /api/admin/orders/:id/release/running-order — staff; a new running order. */
export const putRunningOrder = (knex: Knex) => async (ctx: RouteContext<ReorderReleaseBody, undefined, IdParam>) => {
  ctx.body = await reorderRelease(knex, ctx.state.params.id, ctx.state.body.fileIds);
};

/** GET /api/admin/orders/:id/release/coherence — staff; the coherence table of the masters. */
export const getCoherence = (deps: ReleaseDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await releaseCoherence(deps, ctx.state.params.id);
};
