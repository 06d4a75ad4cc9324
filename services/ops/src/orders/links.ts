// The customer's links to an order: staff can revoke them (a link forwarded, or leaked with a mail).
import type { Knex } from 'knex';
import type { AdminOrder } from '@mastering/contracts';
import { Order, transactionId } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { NotFound } from '@mastering/service-kit';
import { orderDetail } from './queries';

/**
 * POST /api/admin/orders/:id/revoke-links: every order-page link of the order stops working (its link
 * generation moves on, see OrderGrant) and the customer is mailed the one that works now, minted by the
 * mail worker for the new generation. Both in one transaction: the mail goes out only if the revocation holds.
 */
export async function revokeOrderLinks(deps: { knex: Knex; queue: Queue }, id: string): Promise<AdminOrder> {
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
  return (await orderDetail(deps.knex, id)).order;
}
