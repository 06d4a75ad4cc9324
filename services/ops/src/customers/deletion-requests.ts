import type { Knex } from 'knex';
import type { DeletionRequestRow } from '@mastering/contracts';
import { DeletionRequest } from '@mastering/db';
import { NotFound, type RouteContext } from '@mastering/service-kit';
import { type ErasureDeps, erasePerson } from './erasure';

// Staff's side of deletion requests (Customers screen): list the waiting ones, complete one.

const rowOf = (r: DeletionRequest): DeletionRequestRow => ({
  id: r.id,
  email: r.email,
  createdAt: new Date(r.createdAt).toISOString(),
  completedAt: r.completedAt ? new Date(r.completedAt).toISOString() : null,
});

/** GET /api/admin/deletion-requests — the requests not completed yet, oldest first. */
export const getDeletionRequests = (knex: Knex) => async (ctx: RouteContext) => {
  const rows = await DeletionRequest.query(knex).whereNull('completedAt').orderBy('createdAt');
  ctx.body = rows.map(rowOf);
};

/** POST /api/admin/deletion-requests/:id/complete — erases the person and closes the request (404 once done). */
export const completeDeletionRequest =
  (deps: ErasureDeps) => async (ctx: RouteContext<undefined, undefined, { id: string }>) => {
    const request = await DeletionRequest.query(deps.knex).findById(ctx.state.params.id).whereNull('completedAt');
    if (!request) throw new NotFound('No waiting deletion request with this id');
    await erasePerson(deps, request.email, ctx.state.identity?.userId ?? null);
    const done = await DeletionRequest.query(deps.knex).findById(request.id);
    ctx.body = rowOf(done!);
  };
