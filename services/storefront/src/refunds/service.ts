import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  formatCents,
  ORDER_NOT_REFUNDABLE,
  PAID_ORDER_STATUSES,
  REFUND_ALREADY_PENDING,
  REFUND_FAILED_AT_YOCO,
  REFUND_REFUSED_BY_YOCO,
  refundFailedNote,
  refundIssuedNote,
  refundSucceededNote,
  refundTooLarge,
  type CreateRefundBody,
  type Identity,
  type OrderRefunds,
  type OrderStatus,
  type Refund as RefundShape,
  type YocoWebhookEvent,
} from '@mastering/contracts';
import { sendMail, type Queue } from '@mastering/jobs';
import { Order, Payment, PaymentEvent, Refund, transactionId } from '@mastering/db';
import { changeOrderStatus, issueRefundCreditNote, SYSTEM } from '@mastering/orders';
import { BadRequest, Conflict, NotFound, type Logger } from '@mastering/service-kit';
import { refundYocoCheckout, type YocoConfig } from '../payments/yoco';

/** What refunds need: the database, the mail queue and Yoco (a part of the payments' deps). */
export type RefundDeps = { knex: Knex; queue: Queue; yoco: YocoConfig; logger?: Logger };

// Refunds through Yoco (issue 25 Deliver 4). An admin issues one: the refund is recorded as pending and
// the order moves to `refund_pending` in one transaction, then Yoco is asked (202). Its webhook ends
// it: `refund.succeeded` refunds the order in full (`refunded`) or in part (back to where it was, the
// amount recorded), `refund.failed` puts the order back. Replays and out-of-order events change nothing.

/** The payment that paid an order (succeeded, not one flagged as a second payment), or null. */
async function paymentOf(knex: Knex, orderId: string): Promise<Payment | null> {
  const payment = await Payment.query(knex)
    .where('orderId', orderId)
    .whereIn('status', ['succeeded', 'refunded'])
    .whereNull('attention')
    .orderBy('createdAt')
    .first();
  return payment ?? null;
}

/** Cents of `refunds` against one payment already refunded (succeeded) and on their way (pending). */
function refundTotals(refunds: readonly Refund[], paymentId: string): { refunded: number; pending: number } {
  const sumOf = (status: Refund['status']) =>
    refunds
      .filter((r) => r.paymentId === paymentId && r.status === status)
      .reduce((cents, r) => cents + r.amountCents, 0);
  return { refunded: sumOf('succeeded'), pending: sumOf('pending') };
}

/** Cents of a payment already refunded (succeeded) and on their way (pending). */
async function refundedCents(knex: Knex, paymentId: string): Promise<{ refunded: number; pending: number }> {
  return refundTotals(await Refund.query(knex).where('paymentId', paymentId), paymentId);
}

/** Statuses an admin may refund from: paid, and no refund already on its way. */
const REFUNDABLE: readonly OrderStatus[] = PAID_ORDER_STATUSES.filter((s) => s !== 'refund_pending');

/**
 * The refunds of an order and what is left to refund (GET /api/admin/refunds/orders/:id). The sums
 * are those of the rows listed, read in one statement: two reads could straddle a webhook's commit
 * and answer a refund still pending beside sums that say it is done, after which the back-office
 * stopped asking again and showed "Pending" for good (seen in an e2e run).
 */
export async function orderRefunds(knex: Knex, orderId: string): Promise<OrderRefunds> {
  const order = await Order.query(knex).findById(orderId);
  if (!order) throw new NotFound('Order not found');
  const payment = await paymentOf(knex, orderId);
  const refunds = await Refund.query(knex)
    .where('orderId', orderId)
    .modify('newestFirst')
    .withGraphFetched('[requester, creditNote]');
  const paid = payment?.amountCents ?? 0;
  const { refunded, pending } = payment ? refundTotals(refunds, payment.id) : { refunded: 0, pending: 0 };
  return {
    paid: paid / 100,
    refunded: refunded / 100,
    pending: pending / 100,
    // What may be refunded now: nothing while a refund is on its way or the order is not refundable, so
    // every screen that offers Refund (the order and the payment dialogs) asks the server, not its own rule.
    refundable: REFUNDABLE.includes(order.status) ? Math.max(0, paid - refunded - pending) / 100 : 0,
    refunds: refunds.map((r) => r.toApi()),
  };
}

/**
 * Issues a refund of `amount` rand (default: everything not yet refunded) with a reason, for an admin.
 * Refused before anything changes: an unpaid, refunded or already-refunding order (409), more than is
 * left (400). Yoco refusing the call marks the refund failed, puts the order back and answers 502.
 */
export async function issueRefund(
  deps: RefundDeps,
  orderId: string,
  { amount, reason }: CreateRefundBody,
  admin: Identity,
): Promise<RefundShape> {
  const { refund, checkoutId } = await deps.knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(orderId).forUpdate();
    if (!order) throw new NotFound('Order not found');
    if (order.status === 'refund_pending') throw new Conflict(REFUND_ALREADY_PENDING);
    const payment = REFUNDABLE.includes(order.status) ? await paymentOf(trx, orderId) : null;
    if (!payment) throw new Conflict(ORDER_NOT_REFUNDABLE);
    const { refunded, pending } = await refundedCents(trx, payment.id);
    const left = payment.amountCents - refunded - pending;
    const cents = amount === undefined ? left : Math.round(amount * 100);
    if (cents <= 0 || cents > left) throw new BadRequest(refundTooLarge(left));
    const id = randomUUID();
    const refund = await Refund.query(trx).insert({
      id,
      orderId,
      paymentId: payment.id,
      amountCents: cents,
      currency: payment.currency,
      reason,
      status: 'pending',
      // One key per attempt: this refund. A retried call (a timeout) is the same refund at Yoco.
      idempotencyKey: `refund-${id}`,
      returnStatus: order.status,
      requestedBy: admin.userId,
    });
    await changeOrderStatus(trx, orderId, {
      to: 'refund_pending',
      by: { role: 'system', onBehalfOf: admin.userId },
      note: refundIssuedNote(cents, reason),
    });
    return { refund, checkoutId: payment.checkoutId };
  });
  try {
    const accepted = await refundYocoCheckout(
      deps.yoco,
      checkoutId,
      { amount: refund.amountCents, metadata: { refundId: refund.id, orderId } },
      refund.idempotencyKey,
      deps.logger,
    );
    await Refund.query(deps.knex)
      .findById(refund.id)
      .whereNull('providerRefundId')
      .patch({ providerRefundId: accepted.refundId });
  } catch (err) {
    await deps.knex.transaction((trx) =>
      settleRefund(deps, trx, refund.id, { ok: false, why: REFUND_REFUSED_BY_YOCO }),
    );
    throw err;
  }
  const issued = await Refund.query(deps.knex).findById(refund.id).withGraphFetched('requester');
  return issued!.toApi();
}

/**
 * Ends a pending refund once (a later outcome for a settled refund changes nothing, except that a
 * success Yoco reports for a refund thought failed is recorded: the money did leave). Success: the
 * refund and, when the payment is now refunded in full, the payment and the order are marked refunded,
 * else the order goes back where it was; a credit note is issued against the order's invoice and the
 * customer gets "Refund processed" with the credit note's PDF attached. Failure: the order goes
 * back, the reason is kept for staff.
 */
async function settleRefund(
  deps: RefundDeps,
  trx: Knex.Transaction,
  refundId: string,
  outcome: { ok: true; providerRefundId?: string } | { ok: false; why: string },
): Promise<void> {
  const refund = await Refund.query(trx).findById(refundId).forUpdate();
  if (!refund || refund.status === 'succeeded') return;
  if (!outcome.ok && refund.status === 'failed') return;
  const wasPending = refund.status === 'pending';
  await refund.$query(trx).patch({
    status: outcome.ok ? 'succeeded' : 'failed',
    failureReason: outcome.ok ? null : outcome.why,
    processedAt: new Date(),
    ...(outcome.ok && outcome.providerRefundId && !refund.providerRefundId
      ? { providerRefundId: outcome.providerRefundId }
      : {}),
  });
  const payment = await Payment.query(trx).findById(refund.paymentId).forUpdate().throwIfNotFound();
  const { refunded } = await refundedCents(trx, payment.id);
  const full = outcome.ok && refunded >= payment.amountCents;
  if (full && payment.status === 'succeeded') await payment.$query(trx).patch({ status: 'refunded' });
  if (wasPending) {
    await changeOrderStatus(trx, refund.orderId, {
      to: full ? 'refunded' : refund.returnStatus,
      by: SYSTEM,
      note: outcome.ok
        ? refundSucceededNote(refund.amountCents, full)
        : refundFailedNote(refund.amountCents, outcome.why),
      onlyFrom: 'refund_pending',
    });
  }
  if (outcome.ok) {
    const creditNote = await issueRefundCreditNote(trx, refund);
    const order = await Order.query(trx).findById(refund.orderId).throwIfNotFound();
    const remaining = payment.amountCents - refunded;
    await sendMail(deps.queue, {
      to: order.customerEmail,
      template: 'refund-processed',
      params: {
        orderId: order.id,
        customerEmail: order.customerEmail,
        amount: formatCents(refund.amountCents),
        ...(remaining > 0 ? { remaining: formatCents(remaining) } : {}),
        creditNoteNumber: creditNote.number,
      },
      orderId: order.id,
      // The credit note the refund policy promises, as a PDF (also on the order page, through its link).
      invoiceId: creditNote.id,
      // Sent only if this settlement commits (a webhook's transaction that fails is delivered again).
      afterTransaction: await transactionId(trx),
    });
  }
}

/** The refund webhooks Yoco sends. */
export const REFUND_EVENTS = ['refund.succeeded', 'refund.failed'] as const;
export const isRefundEvent = (type: string): type is (typeof REFUND_EVENTS)[number] =>
  (REFUND_EVENTS as readonly string[]).includes(type);

/**
 * Applies a verified refund webhook (inside the webhook's transaction, already logged once by its
 * event id). Answers false when the event is about no refund issued here (one made in Yoco's portal),
 * which the caller handles as before.
 */
export async function applyRefundEvent(
  deps: RefundDeps,
  trx: Knex.Transaction,
  event: YocoWebhookEvent,
): Promise<boolean> {
  const { metadata, id: providerRefundId } = event.payload;
  const refundId = z.uuid().safeParse(metadata?.refundId).data;
  const refund = refundId
    ? await Refund.query(trx).findById(refundId)
    : await Refund.query(trx).findOne('providerRefundId', providerRefundId);
  if (!refund) return false;
  await PaymentEvent.query(trx).where('eventId', event.id).patch({ paymentId: refund.paymentId });
  await settleRefund(
    deps,
    trx,
    refund.id,
    event.type === 'refund.succeeded' ? { ok: true, providerRefundId } : { ok: false, why: REFUND_FAILED_AT_YOCO },
  );
  return true;
}
