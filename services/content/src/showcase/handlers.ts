import type { Knex } from 'knex';
import {
  SHOWCASE_MEDIA_FIELDS,
  ShowcaseTrackForm,
  ShowcaseTrackUpdate,
  type IdParam,
  type OkResponse,
} from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { withForm } from '../media/form';
import {
  createShowcaseTrack,
  deleteShowcaseTrack,
  listActiveShowcaseTracks,
  listAllShowcaseTracks,
  updateShowcaseTrack,
} from './service';
import type { ContentDeps } from '../deps';

/** GET /api/showcase-tracks — public; the active tracks in display order (the spec's plain array). */
export const listShowcaseTracks = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listActiveShowcaseTracks(knex);
};

/** GET /api/admin/showcase-tracks — admin; every track, hidden ones included, in display order. */
export const listAdminShowcaseTracks = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listAllShowcaseTracks(knex);
};

/** POST /api/admin/showcase-tracks — admin; multipart form with optional artwork and audio; 201 with the new track. */
export const postShowcaseTrack = (deps: ContentDeps) => async (ctx: RouteContext) => {
  // The body is multipart, so it is checked here (after streaming) rather than by the route row.
  ctx.body = await withForm(ctx, SHOWCASE_MEDIA_FIELDS, ({ fields, files }) =>
    createShowcaseTrack(deps, ShowcaseTrackForm.parse(fields), files),
  );
  ctx.status = 201;
};

/** PUT /api/admin/showcase-tracks/:id — admin; multipart (or JSON) edit: blank fields keep their value, sent files replace the old ones. */
export const putShowcaseTrack = (deps: ContentDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await withForm(ctx, SHOWCASE_MEDIA_FIELDS, ({ fields, files }) =>
    updateShowcaseTrack(deps, ctx.state.params.id, ShowcaseTrackUpdate.parse(fields), files),
  );
};

/** DELETE /api/admin/showcase-tracks/:id — admin; removes the track and its files. */
export const removeShowcaseTrack = (deps: ContentDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  await deleteShowcaseTrack(deps, ctx.state.params.id);
  ctx.body = { ok: true } satisfies OkResponse;
};
