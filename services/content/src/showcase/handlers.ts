import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import { listActiveShowcaseTracks } from './service';

/** GET /api/showcase-tracks — public; the active tracks in display order (the spec's plain array). */
export const listShowcaseTracks = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listActiveShowcaseTracks(knex);
};
