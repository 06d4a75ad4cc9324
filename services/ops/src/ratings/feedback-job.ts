import type { Knex } from 'knex';
import { FEEDBACK_REQUEST_AFTER_DAYS } from '@mastering/contracts';
import { Order, OrderRating, OrderStatusHistory } from '@mastering/db';
import { JOBS } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import type { StorefrontWrites } from '../storefront-writes';

// The "Feedback request" mail (issue 27 item 8): a few days after delivery, an order still delivered and
// not rated is asked once for its rating. The order is claimed by setting `feedback_requested_at` while
// it is still empty, in the transaction that queues the mail, so reruns and replicas never send it twice;
// the storefront owns orders (issue 52), so it claims and mails, and this job finds the orders due.

export type FeedbackDeps = { knex: Knex; storefront: StorefrontWrites; logger?: Logger };

const DAY_MS = 86_400_000;

/** Delivered orders whose last delivery is at least FEEDBACK_REQUEST_AFTER_DAYS old, not asked and not rated. */
const due = (knex: Knex, now: Date) =>
  Order.query(knex)
    .where('status', 'delivered')
    .whereNull('feedbackRequestedAt')
    .whereNotExists(OrderRating.query(knex).whereColumn('order_ratings.orderId', 'orders.id'))
    .whereNotExists(
      OrderStatusHistory.query(knex)
        .whereColumn('order_status_history.orderId', 'orders.id')
        .where('toStatus', 'delivered')
        .where('createdAt', '>', new Date(now.getTime() - FEEDBACK_REQUEST_AFTER_DAYS * DAY_MS)),
    )
    .whereExists(
      OrderStatusHistory.query(knex)
        .whereColumn('order_status_history.orderId', 'orders.id')
        .where('toStatus', 'delivered'),
    )
    .select('orders.id');

/**
 * Has the storefront (the orders' owner) ask every order due one for its rating, once: it claims the
 * order and queues the mail in one transaction; a failed call fails the run, and the next run asks
 * again. Answers how many were asked.
 */
export async function requestFeedback(deps: FeedbackDeps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const { id } of await due(deps.knex, now)) if (await deps.storefront.requestFeedback(id, now)) asked += 1;
  return asked;
}

/** The `orders.feedback-requests` job: idempotent, so a rerun or a second worker sends nothing twice. */
export function feedbackRequestsJob(deps: FeedbackDeps) {
  return {
    name: JOBS.feedbackRequests,
    every: '1 hour',
    handler: async () => {
      const asked = await requestFeedback(deps);
      if (asked > 0) deps.logger?.info({ asked }, 'feedback requests: customers asked to rate');
    },
  };
}
