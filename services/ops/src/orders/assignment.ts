// Who works an order and by when: staff take an order or let it go, and say when they expect to deliver.
import type { Knex } from 'knex';
import type { AdminOrder, AssignOrderBody, ExpectedAtBody, Identity } from '@mastering/contracts';
import { Order } from '@mastering/db';
import { Conflict, Forbidden, NotFound } from '@mastering/service-kit';
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

/** PATCH /api/admin/orders/:id/expected-at: the engineer's expected delivery time (null clears it). */
export async function setExpectedAt(knex: Knex, id: string, { expectedAt }: ExpectedAtBody): Promise<AdminOrder> {
  const changed = await Order.query(knex)
    .findById(id)
    .patch({ expectedAt: expectedAt ? new Date(expectedAt) : null });
  if (!changed) throw new NotFound('Order not found');
  return (await orderDetail(knex, id)).order;
}
