import { IdParam } from '@mastering/contracts';
import { route, type RouteTable } from '@mastering/service-kit';
import type { ContentDeps } from './deps';
import { listAdminShowcaseTracks, listShowcaseTracks, postShowcaseTrack, putShowcaseTrack, removeShowcaseTrack } from './showcase/handlers';
import { listAdminTestimonials, listTestimonials, postTestimonial, putTestimonial, removeTestimonial } from './testimonials/handlers';
import { getMedia } from './media/handlers';

// Public lists change when an admin edits them and the change must show at once (a hidden track is
// gone on the next page load), so every cache revalidates by ETag: an unchanged list is a small 304.
const PUBLIC_LIST = 'public, no-cache';

/**
 * The content service's route table, with the permission of each route. The admin writes take
 * multipart forms, which their handlers stream and check with the contracts (no `body` schema here).
 */
export const routes = (deps: ContentDeps): RouteTable => {
  const { knex, storage } = deps;
  return [
    route({ method: 'GET', path: '/api/showcase-tracks', permission: 'public', cache: PUBLIC_LIST, handler: listShowcaseTracks(knex) }),
    route({ method: 'GET', path: '/api/testimonials', permission: 'public', cache: PUBLIC_LIST, handler: listTestimonials(knex) }),
    route({ method: 'GET', path: '/media/*key', permission: 'public', handler: getMedia(storage) }),

    route({ method: 'GET', path: '/api/admin/showcase-tracks', permission: 'admin', handler: listAdminShowcaseTracks(knex) }),
    route({ method: 'POST', path: '/api/admin/showcase-tracks', permission: 'admin', handler: postShowcaseTrack(deps) }),
    route({ method: 'PUT', path: '/api/admin/showcase-tracks/:id', permission: 'admin', params: IdParam, handler: putShowcaseTrack(deps) }),
    route({ method: 'DELETE', path: '/api/admin/showcase-tracks/:id', permission: 'admin', params: IdParam, handler: removeShowcaseTrack(deps) }),

    route({ method: 'GET', path: '/api/admin/testimonials', permission: 'admin', handler: listAdminTestimonials(knex) }),
    route({ method: 'POST', path: '/api/admin/testimonials', permission: 'admin', handler: postTestimonial(deps) }),
    route({ method: 'PUT', path: '/api/admin/testimonials/:id', permission: 'admin', params: IdParam, handler: putTestimonial(deps) }),
    route({ method: 'DELETE', path: '/api/admin/testimonials/:id', permission: 'admin', params: IdParam, handler: removeTestimonial(deps) }),
  ];
};
