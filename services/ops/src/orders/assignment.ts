// Who works an order and by when: staff take an order or let it go, and say when they expect to deliver.
import type { Knex } from 'knex';
import type { AdminOrder, AssignOrderBody, ExpectedAtBody, Identity } from '@mastering/contracts';
import { Order } from '@mastering/db';
import type { Queue } from '@mastering/jobs';
import { promiseFor } from '@mastering/orders';
import { Conflict, Forbidden, NotFound } from '@mastering/service-kit';
import { tellDelayed } from '../late-orders/job';
import { orderDetail } from './queries';

/**
 * PATCH /api/admin/orders/:id/assignee: the caller takes the order ('me') or lets it go ('nobody').
 * An engineer cannot take or release an order another staff member holds (409 / 403); an admin can.
 */
export async function assignOrder(
  knex: Knex,
  id: string,
  { assignee }: AssignOrderBody,
  caller: Identity,
): Promise<AdminOrder> {
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
  return (await orderDetail(knex, id)).order;
}

/**
 * PATCH /api/admin/orders/:id/expected-at: the engineer's expected delivery time for the current round
 * (null clears it). It becomes the order's due time (promiseOf); a time past the round's promise is a
 * delay, so the customer is told at once with the new time (once per round, see tellDelayed).
 */
export async function setExpectedAt(
  deps: { knex: Knex; queue: Queue },
  id: string,
  { expectedAt }: ExpectedAtBody,
  now: Date = new Date(),
): Promise<AdminOrder> {
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
  return (await orderDetail(deps.knex, id)).order;
}
