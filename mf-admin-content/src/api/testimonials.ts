import { Testimonial, TestimonialList } from '@mastering/contracts';
import { contentResource } from './resource';

/** Testimonials in the admin: list (hidden ones and authors' emails too), create, update, delete. */
export const testimonials = contentResource({
  adminUrl: '/api/admin/testimonials',
  publicUrl: '/api/testimonials',
  item: Testimonial,
  list: TestimonialList,
});
