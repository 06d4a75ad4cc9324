import type { Knex } from 'knex';
import type { Router } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import { listActiveShowcaseTracks } from './showcase/service';
import { listActiveTestimonials } from './testimonials/service';
import { getMedia } from './media/handlers';

/** The content service's route table, with the permission of each route. */
export function mountRoutes(router: Router, { knex, storage }: { knex: Knex; storage: ObjectStorage }) {
  // public: the spec's client reads plain arrays here
  router.get('/api/showcase-tracks', async (ctx) => {
    ctx.body = await listActiveShowcaseTracks(knex);
  });
  // public
  router.get('/api/testimonials', async (ctx) => {
    ctx.body = await listActiveTestimonials(knex);
  });
  // public
  router.get('/media/*key', getMedia(storage));
}
