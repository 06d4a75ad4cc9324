import {
  IdParam,
  OkResponse,
  PublicTestimonialList,
  ShowcaseTrack,
  ShowcaseTrackForm,
  ShowcaseTrackList,
  ShowcaseTrackUpdate,
  Testimonial,
  TestimonialForm,
  TestimonialList,
  TestimonialUpdate,
} from '@mastering/contracts';
import { created, route, sends, type RawBody, type RouteTable } from '@mastering/service-kit';
import type { z } from 'zod';
import type { ContentDeps } from './deps';
import {
  listAdminShowcaseTracks,
  listShowcaseTracks,
  postShowcaseTrack,
  putShowcaseTrack,
  removeShowcaseTrack,
} from './showcase/handlers';
import {
  listAdminTestimonials,
  listTestimonials,
  postTestimonial,
  putTestimonial,
  removeTestimonial,
} from './testimonials/handlers';
import { getMedia } from './media/handlers';

// Public lists change when an admin edits them and the change must show at once (a hidden track is
// gone on the next page load), so every cache revalidates by ETag: an unchanged list is a small 304.
const PUBLIC_LIST = 'public, no-cache';
// The gateway may answer them itself for a few seconds: every admin write through it purges its copy.
const GATEWAY_SECONDS = 5;

/** The admin forms: multipart fields checked by the contract, plus the files (artwork, audio, avatar, logo). */
const form = (schema: z.ZodType, what: string): RawBody => ({
  contentType: 'multipart/form-data',
  schema,
  description: `${what}: the fields below, plus the media files as file parts`,
});
const SHOWCASE_FORM = form(ShowcaseTrackForm, 'A new showcase track');
const SHOWCASE_UPDATE_FORM = form(
  ShowcaseTrackUpdate,
  'The changed fields of a showcase track (blank keeps the stored value)',
);
const TESTIMONIAL_FORM = form(TestimonialForm, 'A new testimonial');
const TESTIMONIAL_UPDATE_FORM = form(
  TestimonialUpdate,
  'The changed fields of a testimonial (blank keeps the stored value)',
);

/**
 * The content service's route table, with the permission of each route. The admin writes take
 * multipart forms, which their handlers stream and check with the contracts (no `body` schema here).
 */
export const routes = (deps: ContentDeps): RouteTable => {
  const { knex, storage } = deps;
  return [
    route({
      method: 'GET',
      path: '/api/showcase-tracks',
      permission: 'public',
      cache: PUBLIC_LIST,
      gatewayCacheSeconds: GATEWAY_SECONDS,
      response: ShowcaseTrackList,
      handler: listShowcaseTracks(knex),
    }),
    route({
      method: 'GET',
      path: '/api/testimonials',
      permission: 'public',
      cache: PUBLIC_LIST,
      gatewayCacheSeconds: GATEWAY_SECONDS,
      response: PublicTestimonialList,
      handler: listTestimonials(knex),
    }),
    route({
      method: 'GET',
      path: '/media/*key',
      permission: 'public',
      response: [sends('*/*', 'The stored file (artwork or audio)'), sends('*/*', 'The byte range asked for', 206)],
      handler: getMedia(storage),
    }),

    route({
      method: 'GET',
      path: '/api/admin/showcase-tracks',
      permission: 'admin',
      response: ShowcaseTrackList,
      handler: listAdminShowcaseTracks(knex),
    }),
    route({
      method: 'POST',
      path: '/api/admin/showcase-tracks',
      permission: 'admin',
      accepts: SHOWCASE_FORM,
      response: created(ShowcaseTrack),
      handler: postShowcaseTrack(deps),
    }),
    route({
      method: 'PUT',
      path: '/api/admin/showcase-tracks/:id',
      permission: 'admin',
      params: IdParam,
      accepts: SHOWCASE_UPDATE_FORM,
      response: ShowcaseTrack,
      handler: putShowcaseTrack(deps),
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/showcase-tracks/:id',
      permission: 'admin',
      params: IdParam,
      response: OkResponse,
      handler: removeShowcaseTrack(deps),
    }),

    route({
      method: 'GET',
      path: '/api/admin/testimonials',
      permission: 'admin',
      response: TestimonialList,
      handler: listAdminTestimonials(knex),
    }),
    route({
      method: 'POST',
      path: '/api/admin/testimonials',
      permission: 'admin',
      accepts: TESTIMONIAL_FORM,
      response: created(Testimonial),
      handler: postTestimonial(deps),
    }),
    route({
      method: 'PUT',
      path: '/api/admin/testimonials/:id',
      permission: 'admin',
      params: IdParam,
      accepts: TESTIMONIAL_UPDATE_FORM,
      response: Testimonial,
      handler: putTestimonial(deps),
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/testimonials/:id',
      permission: 'admin',
      params: IdParam,
      response: OkResponse,
      handler: removeTestimonial(deps),
    }),
  ];
};
