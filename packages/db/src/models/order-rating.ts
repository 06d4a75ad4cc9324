import type { OrderRatingView, StaffRating } from '@mastering/contracts';
import type { Modifiers, QueryBuilder } from 'objection';
import { BaseModel } from './base';

/** A customer's rating of an order's masters: 1 to 5 stars, a comment, and whether it may be published. */
export class OrderRating extends BaseModel {
  static tableName = 'order_ratings';

  declare id: string;
  declare orderId: string;
  declare stars: number;
  declare comment: string;
  /** The customer ticked "you may publish this comment". */
  declare publishConsent: boolean;
  /** The testimonial staff made from it, if any. */
  declare testimonialId: string | null;
  declare createdAt: Date;

  static modifiers: Modifiers<QueryBuilder<OrderRating>> = {
    /** Ratings given in [from, to). */
    givenBetween: (q, from: Date, to: Date) => q.where('createdAt', '>=', from).where('createdAt', '<', to),
  };

  /** The order page's shape of the rating. */
  toApi(): OrderRatingView {
    return {
      stars: this.stars,
      comment: this.comment,
      publishConsent: this.publishConsent,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }

  /** The staff's shape: with the order and the customer's address. */
  toStaffApi(customerEmail: string): StaffRating {
    return {
      ...this.toApi(),
      id: this.id,
      orderId: this.orderId,
      customerEmail,
      testimonialId: this.testimonialId ?? null,
    };
  }
}
