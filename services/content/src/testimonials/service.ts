import type { Knex } from 'knex';
import type { Testimonial } from '@mastering/contracts';

/** Maps a testimonials row to the API shape (flags as the spec's 'true'/'false' strings). */
export function toTestimonial(row: Record<string, any>): Testimonial {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    company: row.company ?? null,
    email: row.email ?? null,
    content: row.content,
    rating: row.rating,
    results: row.results ?? null,
    avatarUrl: row.avatarUrl ?? null,
    isActive: row.isActive ? 'true' : 'false',
    isVerified: row.isVerified ? 'true' : 'false',
    displayOrder: row.displayOrder,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Active testimonials in display order, for the home page. */
export async function listActiveTestimonials(knex: Knex): Promise<Testimonial[]> {
  const rows = await knex('testimonials').where({ isActive: true }).orderBy([{ column: 'displayOrder' }, { column: 'createdAt' }]);
  return rows.map(toTestimonial);
}
