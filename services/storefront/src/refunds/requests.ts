// "Not happy?" on the order page (issue 25): the customer asks, staff answer. A request never refunds
// anything by itself: an admin reads it and, if right, issues a refund from the order dialog.
import type { Knex } from 'knex';
import {
  ANSWERED_REFUND_REQUESTS_SHOWN,
  REFUND_REQUEST_ALREADY_ANSWERED,
  REFUND_REQUEST_RECEIVED,
  type AnswerRefundRequestBody,
  type CreateRefundRequestBody,
  type Identity,
  type RefundRequest as RefundRequestShape,
  type RefundRequestCount,
  type RefundRequestReceived,
  type RefundRequestsQuery,
} from '@mastering/contracts';
import { Order, RefundRequest } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { Conflict, NotFound, type OrderLinks } from '@mastering/service-kit';
import { assertOrderLink } from '../order-page/service';
import { staffRecipients } from '../staff-recipients';

/**
 * What refund requests need: the database, the order-link checker, the mail queue with ADMIN_EMAIL, and
 * the clock (tests move it to see a request go overdue after one working day).
 */
export type RefundRequestDeps = {
  knex: Knex;
  orderLinks: OrderLinks;
  queue: Queue;
  adminEmail?: string;
  now?: () => Date;
};

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/**
 * POST /api/orders/:id/refund-request: records the link holder's request (403 for a bad link, 404 for no
 * order), then mails every active admin (`refund-request-filed`) and acknowledges it to the customer
 * (`refund-request-received`), both with the time the answer is due (one working day later).
 */
export async function requestRefund(
  deps: RefundRequestDeps,
  orderId: string,
  { token, message }: CreateRefundRequestBody,
): Promise<RefundRequestReceived> {
  await assertOrderLink(deps.knex, deps.orderLinks, orderId, token);
  const order = await Order.query(deps.knex).findById(orderId);
  if (!order) throw new NotFound('Order not found');
  const request = await RefundRequest.query(deps.knex).insert({ orderId, message, createdAt: nowOf(deps) });
  // Once the request is stored: a refused one tells nobody.
  const params = { orderId, customerEmail: order.customerEmail, message, answerBy: request.answerBy().toISOString() };
  for (const to of await staffRecipients(deps.knex, deps.adminEmail))
    await sendMail(deps.queue, { to, template: 'refund-request-filed', params });
  await sendMail(deps.queue, { to: order.customerEmail, template: 'refund-request-received', params, orderId });
  return { message: REFUND_REQUEST_RECEIVED };
}

/**
 * The refund requests staff read: one order's (with `orderId`) or every order's, open ones first (the
 * longest waiting first), then the newest answered (at most ANSWERED_REFUND_REQUESTS_SHOWN of them),
 * each flagged overdue when open past its answer time.
 */
export async function listRefundRequests(
  deps: { knex: Knex; now?: () => Date },
  { orderId, state }: RefundRequestsQuery,
): Promise<RefundRequestShape[]> {
  const scoped = () => {
    const query = RefundRequest.query(deps.knex).withGraphFetched('order');
    return orderId ? query.where('orderId', orderId) : query;
  };
  const open = await scoped().modify('open').modify('forStaff');
  const answered =
    state === 'open' ? [] : await scoped().modify('answered').modify('forStaff').limit(ANSWERED_REFUND_REQUESTS_SHOWN);
  const now = nowOf(deps);
  return [...open, ...answered].map((r) => r.toApi(now));
}

/** GET /api/admin/refund-requests/count: how many requests are open and how many of those are overdue. */
export async function countRefundRequests(deps: { knex: Knex; now?: () => Date }): Promise<RefundRequestCount> {
  const open = await RefundRequest.query(deps.knex).modify('open').select('id', 'createdAt');
  const now = nowOf(deps);
  return { open: open.length, overdue: open.filter((r) => r.answerBy() <= now).length };
}

/**
 * Answers a request once (409 when it already was): records the decision and what staff wrote, and mails
 * the customer the `refund-request-answered` mail with both and the order page's link. Approving refunds
 * nothing by itself: an admin issues the refund from the order dialog ("Refund processed" follows).
 */
export async function answerRefundRequest(
  deps: { knex: Knex; queue: Queue; now?: () => Date },
  id: string,
  { decision, answer }: AnswerRefundRequestBody,
  staff: Identity,
): Promise<RefundRequestShape> {
  return deps.knex.transaction(async (trx) => {
    const request = await RefundRequest.query(trx).findById(id).forUpdate();
    if (!request) throw new NotFound('Refund request not found');
    if (request.answeredAt) throw new Conflict(REFUND_REQUEST_ALREADY_ANSWERED);
    await request.$query(trx).patch({ decision, answer, answeredBy: staff.userId, answeredAt: nowOf(deps) });
    const answered = (await RefundRequest.query(trx).findById(id).withGraphFetched('order'))!;
    const customerEmail = answered.order!.customerEmail;
    await sendMail(deps.queue, {
      to: customerEmail,
      template: 'refund-request-answered',
      params: { orderId: answered.orderId, customerEmail, approved: decision === 'approved', answer },
      orderId: answered.orderId,
    });
    return answered.toApi(nowOf(deps));
  });
}
