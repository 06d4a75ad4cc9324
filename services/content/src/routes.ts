import type { Knex } from 'knex';
import { route, type RouteTable } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import { listShowcaseTracks } from './showcase/handlers';
import { listTestimonials } from './testimonials/handlers';
import { getMedia } from './media/handlers';

// Public lists change when staff edit them: caches may reuse an answer briefly, then revalidate by ETag.
const PUBLIC_LIST = 'public, max-age=60, stale-while-revalidate=300';

/** The content service's route table, with the permission of each route. */
export const routes = ({ knex, storage }: { knex: Knex; storage: ObjectStorage }): RouteTable => [
  route({ method: 'GET', path: '/api/showcase-tracks', permission: 'public', cache: PUBLIC_LIST, handler: listShowcaseTracks(knex) }),
  route({ method: 'GET', path: '/api/testimonials', permission: 'public', cache: PUBLIC_LIST, handler: listTestimonials(knex) }),
  route({ method: 'GET', path: '/media/*key', permission: 'public', handler: getMedia(storage) }),
];
