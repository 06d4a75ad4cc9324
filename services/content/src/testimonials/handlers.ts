import type { Knex } from 'knex';
import {
  TESTIMONIAL_MEDIA_FIELDS,
  TestimonialForm,
  TestimonialUpdate,
  type IdParam,
  type OkResponse,
} from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { withForm } from '../media/form';
import type { ContentDeps } from '../deps';
import {
  createTestimonial,
  deleteTestimonial,
  listActiveTestimonials,
  listAllTestimonials,
  updateTestimonial,
} from './service';

/** GET /api/testimonials — public; the active testimonials in display order, without author emails. */
export const listTestimonials = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listActiveTestimonials(knex);
};

/** GET /api/admin/testimonials — admin; every testimonial, hidden ones included, with authors' emails. */
export const listAdminTestimonials = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listAllTestimonials(knex);
};

/** POST /api/admin/testimonials — admin; multipart form with an optional avatar; 201 with the new testimonial. */
export const postTestimonial = (deps: ContentDeps) => async (ctx: RouteContext) => {
  // The body is multipart, so it is checked here (after streaming) rather than by the route row.
  ctx.body = await withForm(ctx, TESTIMONIAL_MEDIA_FIELDS, ({ fields, files }) =>
    createTestimonial(deps, TestimonialForm.parse(fields), files),
  );
  ctx.status = 201;
};

/** PUT /api/admin/testimonials/:id — admin; multipart (or JSON) edit: blank required fields keep their value, a new avatar replaces the old. */
export const putTestimonial = (deps: ContentDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await withForm(ctx, TESTIMONIAL_MEDIA_FIELDS, ({ fields, files }) =>
    updateTestimonial(deps, ctx.state.params.id, TestimonialUpdate.parse(fields), files),
  );
};

/** DELETE /api/admin/testimonials/:id — admin; removes the testimonial and its avatar. */
export const removeTestimonial = (deps: ContentDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  await deleteTestimonial(deps, ctx.state.params.id);
  ctx.body = { ok: true } satisfies OkResponse;
};
