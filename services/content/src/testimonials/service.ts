import type { Knex } from 'knex';
import type { PublicTestimonial } from '@mastering/contracts';
import { Testimonial } from '@mastering/db';

/** Active testimonials in display order, for the home page (public shape: no author email). */
export async function listActiveTestimonials(knex: Knex): Promise<PublicTestimonial[]> {
  const testimonials = await Testimonial.query(knex).modify(['active', 'inDisplayOrder']);
  return testimonials.map((testimonial) => testimonial.toPublicApi());
}
