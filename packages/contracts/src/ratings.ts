import { z } from 'zod';
import { RATING_COMMENT_MAX } from './order-page';

// Ratings (issue 27 item 8): after delivery the customer rates the master 1 to 5 stars with an optional
// comment, on the order page (the signed order link is the permission), once per order. The unticked
// "you may publish this" box is the only way a comment can become a testimonial. Analytics' customer
// satisfaction is the average of these ratings, and "Not measured" only while there are none.

/** How many days after delivery the "Feedback request" mail asks an order that has not been rated. */
export const FEEDBACK_REQUEST_AFTER_DAYS = 3;

// The server's answers, shown on the page and the Analytics screen as they are.
export const RATING_STARS_RANGE = 'Please choose 1 to 5 stars.';
export const RATING_NOT_DELIVERED = 'You can rate your master once it has been delivered.';
export const RATING_ALREADY_GIVEN = 'Thank you: this order has been rated already.';
export const RATING_NO_CONSENT = 'The customer did not allow this comment to be published.';
export const RATING_NOT_FIVE_STARS = 'Only a 5-star rating with a comment can become a testimonial.';
export const RATING_ALREADY_PUBLISHED = 'This rating is a testimonial already.';

/** POST /api/orders/:id/rating: the order page's rating form. */
export const RateOrderBody = z.object({
  t: z.string().min(10).max(2000),
  stars: z.number(RATING_STARS_RANGE).int(RATING_STARS_RANGE).min(1, RATING_STARS_RANGE).max(5, RATING_STARS_RANGE),
  comment: z.string().trim().max(RATING_COMMENT_MAX, 'That comment is too long.').default(''),
  /** "You may publish this comment": unticked unless the customer ticks it. */
  publishConsent: z.boolean().default(false),
});
export type RateOrderBody = z.input<typeof RateOrderBody>;

/** The order's rating as its page shows it (null before the customer rates). */
export const OrderRatingView = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  publishConsent: z.boolean(),
  createdAt: z.string(),
});
export type OrderRatingView = z.infer<typeof OrderRatingView>;

/** A rating as staff see it on the Analytics screen. */
export const StaffRating = OrderRatingView.extend({
  id: z.uuid(),
  orderId: z.uuid(),
  customerEmail: z.string(),
  /** The testimonial made from it, once staff did. */
  testimonialId: z.uuid().nullable(),
});
export type StaffRating = z.infer<typeof StaffRating>;

/** GET /api/admin/analytics/ratings?days=: the period's ratings, newest first. */
export const StaffRatingList = z.object({ ratings: z.array(StaffRating) });
export type StaffRatingList = z.infer<typeof StaffRatingList>;

/** Whether staff may publish a rating as a testimonial: 5 stars, a comment, and the customer's consent. */
export function testimonialRefusal(
  rating: Pick<StaffRating, 'stars' | 'comment' | 'publishConsent' | 'testimonialId'>,
): string | null {
  if (rating.testimonialId) return RATING_ALREADY_PUBLISHED;
  if (!rating.publishConsent) return RATING_NO_CONSENT;
  if (rating.stars !== 5 || rating.comment.trim() === '') return RATING_NOT_FIVE_STARS;
  return null;
}
