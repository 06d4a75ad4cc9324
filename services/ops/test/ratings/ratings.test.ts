import { describe, expect, it } from 'vitest';
import {
  AnalyticsResponse,
  RATING_ALREADY_PUBLISHED,
  RATING_NO_CONSENT,
  RATING_NOT_FIVE_STARS,
  StaffRating,
  StaffRatingList,
  type Role,
} from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

// Ratings on the Analytics screen (issue 27 item 8): the real average and count, and a consented 5-star
// comment turned into a testimonial by an admin; the server refuses every other.
const ctx = opsPerFile();

const call = async (method: string, path: string, role: Role = 'admin') =>
  fetch(`${ctx.base}${path}`, { method, headers: await identityAs(role) });

/** A delivered order rated `stars` (with `comment`, `publishConsent`) `daysAgo` days ago; answers the rating's id. */
async function rated(stars: number, comment: string, publishConsent: boolean, daysAgo = 1): Promise<string> {
  const orderId = await seedOrder(ctx.db.knex, {
    email: `r${stars}${comment.length}@example.com`,
    status: 'delivered',
    totalCents: 49_900,
    at: ago(daysAgo + 3),
  });
  const [{ id }] = await ctx.db
    .knex('orderRatings')
    .insert({ orderId, stars, comment, publishConsent, createdAt: ago(daysAgo) })
    .returning('id');
  return id;
}

const satisfaction = async (days: number) => {
  const res = await call('GET', `/api/admin/analytics?days=${days}`);
  return AnalyticsResponse.parse(await res.json()).processingMetrics;
};

describe('customer satisfaction from ratings', () => {
  it('is "not measured" (null) with no ratings, then the real average and count of the period', async () => {
    expect(await satisfaction(7)).toMatchObject({ customerSatisfaction: null, ratings: 0 });
    const fiveConsented = await rated(5, 'Best master I ever had', true);
    const fiveNoConsent = await rated(5, 'Great, but keep it private', false);
    const four = await rated(4, 'Good', true);
    await rated(1, '', false, 20); // outside the 7-day period
    expect(await satisfaction(7)).toMatchObject({ customerSatisfaction: 4.7, ratings: 3 });
    expect(await satisfaction(30)).toMatchObject({ customerSatisfaction: 3.8, ratings: 4 });

    const list = StaffRatingList.parse(await (await call('GET', '/api/admin/analytics/ratings?days=7')).json());
    expect(list.ratings.map((r) => r.id).sort()).toEqual([fiveConsented, fiveNoConsent, four].sort());

    // Only the consented 5-star comment becomes a testimonial; the others are refused and nothing changes.
    const refused = async (id: string, message: string) => {
      const res = await call('POST', `/api/admin/analytics/ratings/${id}/testimonial`);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe(message);
    };
    await refused(fiveNoConsent, RATING_NO_CONSENT);
    await refused(four, RATING_NOT_FIVE_STARS);
    expect(await ctx.db.knex('testimonials').count('* as n').first()).toEqual({ n: '0' });

    const res = await call('POST', `/api/admin/analytics/ratings/${fiveConsented}/testimonial`);
    expect(res.status).toBe(200);
    const published = StaffRating.parse(await res.json());
    const testimonial = await ctx.db.knex('testimonials').where('id', published.testimonialId).first();
    expect(testimonial).toMatchObject({
      content: 'Best master I ever had',
      rating: 5,
      name: 'Verified customer',
      isActive: true,
      isVerified: true,
    });
    await refused(fiveConsented, RATING_ALREADY_PUBLISHED);
  });

  it('is for admins only', async () => {
    const id = await rated(5, 'Lovely', true);
    for (const role of ['engineer', 'customer'] as const) {
      expect((await call('GET', '/api/admin/analytics/ratings?days=7', role)).status).toBe(403);
      expect((await call('POST', `/api/admin/analytics/ratings/${id}/testimonial`, role)).status).toBe(403);
    }
    expect((await fetch(`${ctx.base}/api/admin/analytics/ratings`)).status).toBe(401);
    expect(await ctx.db.knex('orderRatings').where({ id }).first()).toMatchObject({ testimonialId: null });
  });
});
