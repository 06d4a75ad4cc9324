import type { Knex } from 'knex';
import type { AnalyticsQuery, IdParam } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { listRatings, publishAsTestimonial } from './service';

/** GET /api/admin/analytics/ratings?days= — admin; the period's customer ratings, newest first. */
export const getRatings = (knex: Knex) => async (ctx: RouteContext<undefined, AnalyticsQuery>) => {
  ctx.body = await listRatings(knex, ctx.state.query.days);
};

/** POST /api/admin/analytics/ratings/:id/testimonial — admin; a consented 5-star comment becomes a testimonial. */
export const postRatingTestimonial = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await publishAsTestimonial(knex, ctx.state.params.id);
};
