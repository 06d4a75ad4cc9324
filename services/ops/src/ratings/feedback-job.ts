import type { Knex } from 'knex';
import { FEEDBACK_REQUEST_AFTER_DAYS } from '@mastering/contracts';
import { Order, OrderRating, OrderStatusHistory } from '@mastering/db';
import { JOBS, sendMail, type Queue } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';

// The "Feedback request" mail (issue 27 item 8): a few days after delivery, an order still delivered and
// not rated is asked once for its rating. The order is claimed by setting `feedback_requested_at` while
// it is still empty, in the transaction that queues the mail, so reruns and replicas never send it twice.

export type FeedbackDeps = { knex: Knex; queue: Queue; logger?: Logger };

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

/** Queues the "Feedback request" mail once for every order due one; answers how many were asked. */
export async function requestFeedback(deps: FeedbackDeps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const { id } of await due(deps.knex, now)) {
    await deps.knex.transaction(async (trx) => {
      const [order] = (await Order.query(trx)
        .patch({ feedbackRequestedAt: now })
        .where('id', id)
        .whereNull('feedbackRequestedAt')
        .returning('*')) as unknown as Order[];
      if (!order) return;
      await sendMail(deps.queue, {
        to: order.customerEmail,
        template: 'feedback-request',
        params: { orderId: order.id, customerEmail: order.customerEmail },
        orderId: order.id,
      });
      asked += 1;
    });
  }
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
