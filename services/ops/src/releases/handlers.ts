import type { IdParam, ReorderReleaseBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { releaseCoherence, releaseOfOrder, reorderRelease, type ReleaseDeps } from './service';

/** GET /api/admin/orders/:id/release — staff; the order's release (with links that play its references), or null. */
export const getRelease = (deps: ReleaseDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await releaseOfOrder(deps.knex, ctx.state.params.id, deps.links);
};

/** PUT /api/admin/orders/:id/release/running-order — staff; a new running order. */
export const putRunningOrder =
  (deps: ReleaseDeps) => async (ctx: RouteContext<ReorderReleaseBody, undefined, IdParam>) => {
    ctx.body = await reorderRelease(deps, ctx.state.params.id, ctx.state.body.fileIds, ctx.state.identity!);
  };

/** GET /api/admin/orders/:id/release/coherence — staff; the coherence table of the masters. */
export const getCoherence = (deps: ReleaseDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await releaseCoherence(deps, ctx.state.params.id);
};
