// Ratings (issue 27 item 8): the one writer of order_ratings. The storefront records the customer's
// rating from the order page; ops turns a consented 5-star comment into a testimonial. Both go through
// here, so the rules (delivered first, once per order, consent before publishing) live in one place.
import type { Knex } from 'knex';
import {
  DomainError,
  RATING_ALREADY_GIVEN,
  RATING_NOT_DELIVERED,
  testimonialRefusal,
  type OrderRatingView,
  type RateOrderBody,
  type StaffRating,
} from '@mastering/contracts';
import { Order, OrderRating, OrderStatusHistory, Testimonial, type User } from '@mastering/db';

/** Whether the order's masters were ever delivered (a rating is about a delivered master). */
export async function wasDelivered(knex: Knex, orderId: string): Promise<boolean> {
  const entry = await OrderStatusHistory.query(knex).where({ orderId, toStatus: 'delivered' }).first();
  return Boolean(entry);
}

/**
 * Records the customer's rating of order `orderId` (the caller has checked the order link): refused
 * (409, nothing stored) before delivery or when the order is rated already.
 */
export async function rateOrder(
  knex: Knex,
  orderId: string,
  rating: Required<Omit<RateOrderBody, 't'>>,
): Promise<OrderRatingView> {
  if (!(await wasDelivered(knex, orderId))) throw new DomainError('conflict', RATING_NOT_DELIVERED);
  // The unique order_id makes a second rating (even two at once) a no-op the customer is told about.
  const row = await OrderRating.query(knex)
    .insert({ orderId, stars: rating.stars, comment: rating.comment, publishConsent: rating.publishConsent })
    .onConflict('orderId')
    .ignore()
    .returning('*');
  // Ignored on conflict: nothing comes back, so the model has no id.
  if (!row.id) throw new DomainError('conflict', RATING_ALREADY_GIVEN);
  return row.toApi();
}

/** How the published testimonial names the customer: first name and last initial, else "Verified customer". */
function authorOf(user: User | undefined): string {
  const first = user?.firstName?.trim();
  if (!first) return 'Verified customer';
  const initial = user?.lastName?.trim().charAt(0);
  return initial ? `${first} ${initial}.` : first;
}

/**
 * Turns rating `ratingId` into an active, verified testimonial: only a 5-star rating with a comment whose
 * customer ticked consent (409 otherwise, nothing changed). Answers the rating with its testimonial.
 */
export async function publishRating(knex: Knex, ratingId: string): Promise<StaffRating> {
  return knex.transaction(async (trx) => {
    const rating = await OrderRating.query(trx).findById(ratingId).forUpdate();
    if (!rating) throw new DomainError('not-found', 'Rating not found');
    const refusal = testimonialRefusal(rating);
    if (refusal) throw new DomainError('conflict', refusal);
    const order = await Order.query(trx).findById(rating.orderId).withGraphFetched('user');
    if (!order) throw new DomainError('not-found', 'Order not found');
    const testimonial = await Testimonial.query(trx).insert({
      name: authorOf(order.user ?? undefined),
      role: 'Artist',
      content: rating.comment,
      rating: rating.stars,
      isActive: true,
      isVerified: true,
    });
    const published = await OrderRating.query(trx).patchAndFetchById(rating.id, { testimonialId: testimonial.id });
    return published.toStaffApi(order.customerEmail);
  });
}
