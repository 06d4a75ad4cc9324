import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import { listActiveTestimonials } from './service';

/** GET /api/testimonials — public; the active testimonials in display order, without author emails. */
export const listTestimonials = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listActiveTestimonials(knex);
};
