// "Not happy?" on the order page (issue 25): the customer asks, staff answer. A request never refunds
// anything by itself: an admin reads it and, if right, issues a refund from the order dialog.
import type { Knex } from 'knex';
import {
  REFUND_REQUEST_ALREADY_ANSWERED,
  REFUND_REQUEST_RECEIVED,
  type AnswerRefundRequestBody,
  type CreateRefundRequestBody,
  type Identity,
  type RefundRequest as RefundRequestShape,
  type RefundRequestReceived,
} from '@mastering/contracts';
import { Order, RefundRequest } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { Conflict, NotFound, type OrderLinks } from '@mastering/service-kit';
import { assertOrderLink } from '../order-page/service';

/** POST /api/orders/:id/refund-request: records the link holder's request (403 for a bad link, 404 for no order). */
export async function requestRefund(
  deps: { knex: Knex; orderLinks: OrderLinks },
  orderId: string,
  { token, message }: CreateRefundRequestBody,
): Promise<RefundRequestReceived> {
  await assertOrderLink(deps.knex, deps.orderLinks, orderId, token);
  const order = await Order.query(deps.knex).findById(orderId);
  if (!order) throw new NotFound('Order not found');
  await RefundRequest.query(deps.knex).insert({ orderId, message });
  return { message: REFUND_REQUEST_RECEIVED };
}

/** An order's refund requests for staff, open ones first (oldest first), then the answered. */
export async function orderRefundRequests(knex: Knex, orderId: string): Promise<RefundRequestShape[]> {
  const requests = await RefundRequest.query(knex)
    .where('orderId', orderId)
    .modify('forStaff')
    .withGraphFetched('order');
  return requests.map((r) => r.toApi());
}

/**
 * Answers a request once (409 when it already was): records the decision and what staff wrote, and mails
 * the customer the `refund-request-answered` mail with both and the order page's link. Approving refunds
 * nothing by itself: an admin issues the refund from the order dialog ("Refund processed" follows).
 */
export async function answerRefundRequest(
  deps: { knex: Knex; queue: Queue },
  id: string,
  { decision, answer }: AnswerRefundRequestBody,
  staff: Identity,
): Promise<RefundRequestShape> {
  return deps.knex.transaction(async (trx) => {
    const request = await RefundRequest.query(trx).findById(id).forUpdate();
    if (!request) throw new NotFound('Refund request not found');
    if (request.answeredAt) throw new Conflict(REFUND_REQUEST_ALREADY_ANSWERED);
    await request.$query(trx).patch({ decision, answer, answeredBy: staff.userId, answeredAt: new Date() });
    const answered = (await RefundRequest.query(trx).findById(id).withGraphFetched('order'))!;
    const customerEmail = answered.order!.customerEmail;
    await sendMail(deps.queue, {
      to: customerEmail,
      template: 'refund-request-answered',
      params: { orderId: answered.orderId, customerEmail, approved: decision === 'approved', answer },
      orderId: answered.orderId,
    });
    return answered.toApi();
  });
}
