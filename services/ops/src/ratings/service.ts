import type { Knex } from 'knex';
import type { StaffRating, StaffRatingList } from '@mastering/contracts';
import { Order, OrderRating } from '@mastering/db';
import { publishRating } from '@mastering/orders';

const DAY_MS = 86_400_000;

/** The ratings customers gave in the last `days` days, newest first, with each order's address. */
export async function listRatings(knex: Knex, days: number, now = new Date()): Promise<StaffRatingList> {
  const ratings = await OrderRating.query(knex)
    .modify('givenBetween', new Date(now.getTime() - days * DAY_MS), now)
    .orderBy('createdAt', 'desc');
  const orders = await Order.query(knex)
    .whereIn(
      'id',
      ratings.map((r) => r.orderId),
    )
    .select('id', 'customerEmail');
  const emailOf = new Map(orders.map((o) => [o.id, o.customerEmail]));
  return { ratings: ratings.map((r) => r.toStaffApi(emailOf.get(r.orderId) ?? '')) };
}

/** Publishes a consented 5-star rating as a testimonial (409 otherwise; see @mastering/orders publishRating). */
export const publishAsTestimonial = (knex: Knex, ratingId: string): Promise<StaffRating> =>
  publishRating(knex, ratingId);
