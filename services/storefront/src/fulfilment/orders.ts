// Who works an order and by when, its links, and the once-only notices about it (issue 52: the
// storefront owns orders, so ops' staff actions and timer jobs that change one ask it here).
import type { Knex } from 'knex';
import type { AssignOrderBody, Identity } from '@mastering/contracts';
import { Order, transactionId } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { promiseFor } from '@mastering/orders';
import { Conflict, Forbidden, NotFound } from '@mastering/service-kit';

export type OrderWriteDeps = { knex: Knex; queue: Queue };

/**
 * The caller takes the order ('me') or lets it go ('nobody'). An engineer cannot take or release an
 * order another staff member holds (409 / 403); an admin can. Asking twice changes nothing more.
 */
export async function assignOrder(knex: Knex, id: string, { assignee }: AssignOrderBody, caller: Identity) {
  await knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(id).forUpdate().withGraphFetched('assignee');
    if (!order) throw new NotFound('Order not found');
    const heldByOther = order.assignedTo !== null && order.assignedTo !== caller.userId;
    if (heldByOther && caller.role !== 'admin') {
      if (assignee === 'me')
        throw new Conflict(`This order is already assigned to ${order.assignee?.email ?? 'another engineer'}.`);
      throw new Forbidden('Only an administrator can unassign an order another engineer holds.');
    }
    await Order.query(trx)
      .findById(id)
      .patch({ assignedTo: assignee === 'me' ? caller.userId : null });
  });
}

/**
 * The engineer's expected delivery time for the current round (null clears it). It becomes the order's
 * due time (promiseOf); a time past the round's promise is a delay, so the customer is told at once with
 * the new time (once per round, see tellDelayed).
 */
export async function setExpectedAt(deps: OrderWriteDeps, id: string, expectedAt: string | null, now: Date) {
  await deps.knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(id).forUpdate();
    if (!order) throw new NotFound('Order not found');
    const expected = expectedAt ? new Date(expectedAt) : null;
    const promise = await promiseFor(trx, { ...order, expectedAt: expected });
    await Order.query(trx)
      .findById(id)
      .patch({ expectedAt: expected, dueAt: promise?.dueAt ?? null });
    if (promise && expected && expected > promise.promisedAt)
      await tellDelayed(trx, deps.queue, id, now, { estimatedCompletion: expected });
  });
}

/**
 * Every order-page link of the order stops working (its link generation moves on, see OrderGrant) and
 * the customer is mailed the one that works now, minted by the mail worker for the new generation. Both
 * in one transaction: the mail goes out only if the revocation holds.
 */
export async function revokeOrderLinks(deps: OrderWriteDeps, id: string) {
  await deps.knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(id).forUpdate();
    if (!order) throw new NotFound('Order not found');
    await Order.query(trx)
      .findById(id)
      .patch({ linkVersion: order.linkVersion + 1 });
    await sendMail(deps.queue, {
      to: order.customerEmail,
      template: 'order-link-renewed',
      params: { orderId: id, customerEmail: order.customerEmail },
      orderId: id,
      afterTransaction: await transactionId(trx),
    });
  });
}

/**
 * Queues the "Order delayed" mail for the order `id` unless this round's was queued already: the round
 * is claimed by setting `delay_notified_at` only while it is still empty, in the transaction `trx` that
 * queues the mail, so two runs (or replicas) never send it twice. `estimatedCompletion` names the new
 * time, else the template says "within 24 hours"; with `overdueAt`, only an order still due by then is
 * told (one delivered meanwhile is not). Answers whether it was queued.
 */
export async function tellDelayed(
  trx: Knex.Transaction,
  queue: Queue,
  id: string,
  now: Date,
  { estimatedCompletion, overdueAt }: { estimatedCompletion?: Date; overdueAt?: Date } = {},
): Promise<boolean> {
  const claim = Order.query(trx).patch({ delayNotifiedAt: now }).where('id', id).whereNull('delayNotifiedAt');
  if (overdueAt) claim.where('dueAt', '<=', overdueAt);
  const [order] = (await claim.returning('*')) as unknown as Order[];
  if (!order) return false;
  await sendMail(queue, {
    to: order.customerEmail,
    template: 'order-delayed',
    params: {
      orderId: order.id,
      customerEmail: order.customerEmail,
      ...(estimatedCompletion ? { estimatedCompletion: estimatedCompletion.toISOString() } : {}),
    },
    orderId: order.id,
    afterTransaction: await transactionId(trx),
  });
  return true;
}

/**
 * Queues the "Feedback request" mail for a delivered order not asked yet: claimed by setting
 * `feedback_requested_at` while it is still empty, in the transaction that queues the mail, so reruns
 * and replicas never send it twice. Answers whether this call queued it.
 */
export async function requestFeedback(deps: OrderWriteDeps, id: string, now: Date): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    const [order] = (await Order.query(trx)
      .patch({ feedbackRequestedAt: now })
      .where('id', id)
      .where('status', 'delivered')
      .whereNull('feedbackRequestedAt')
      .returning('*')) as unknown as Order[];
    if (!order) return false;
    await sendMail(deps.queue, {
      to: order.customerEmail,
      template: 'feedback-request',
      params: { orderId: order.id, customerEmail: order.customerEmail },
      orderId: order.id,
      afterTransaction: await transactionId(trx),
    });
    return true;
  });
}
