import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import {
  DELIVERY_HOURS,
  formatCents,
  isApprovedRedirect,
  ORDER_ALREADY_PAID,
  ORDER_NOT_PAYABLE,
  PAID_ORDER_STATUSES,
  PAYMENT_ATTENTION_TEXTS,
  paymentReturnUrl,
  replaceFileMessage,
  UNAPPROVED_REDIRECT,
  WEBHOOK_AMOUNT_MISMATCH,
  WEBHOOK_REFUND_MISMATCH,
  WEBHOOK_UNKNOWN_CHECKOUT,
  YocoWebhookEvent,
  type CheckoutResponse,
  type OrderStatus,
  type PaymentAttention,
  type PaymentStatus,
  type WebhookAck,
} from '@mastering/contracts';
import { sendMail, type Queue } from '@mastering/jobs';
import { FileAnalysis, Order, Payment, PaymentEvent, transactionId } from '@mastering/db';
import { changeOrderStatus, issueInvoice, SYSTEM, type OrderMove } from '@mastering/orders';
import { BadRequest, Conflict, HttpError, Unavailable, type Logger } from '@mastering/service-kit';
import { loadOwnOrder, queueOrderAnalysis } from '../orders/service';
import { applyRefundEvent, isRefundEvent } from '../refunds/service';
import type { Visitor } from '../visitor';
import { staffRecipients } from '../staff-recipients';
import { createYocoCheckout, verifyWebhook, type YocoConfig } from './yoco';

/** What payments need: the database, the mail queue, Yoco, the site's public address and the admins' extra address. */
export type PaymentDeps = {
  knex: Knex;
  queue: Queue;
  yoco: YocoConfig;
  publicUrl: string;
  adminEmail: string;
  logger?: Logger;
};

/** The hosted-page prefixes the browser may be sent to: Yoco's, and the sandbox's own origin in sandbox mode. */
export function approvedPrefixes(yoco: YocoConfig): string[] {
  return yoco.sandbox ? [`${new URL(yoco.apiUrl).origin}/`] : [];
}

/**
 * Starts a Yoco checkout for this visitor's unpaid order (also again after a cancel or failure): the
 * amount is the order's stored, server-computed total in cents; the return URLs carry the order id.
 * The payment is stored as pending; the redirect is answered only when it is an approved Yoco page.
 */
export async function startCheckout(
  deps: PaymentDeps,
  visitor: Visitor,
  orderId: string,
  idempotencyKey?: string,
): Promise<CheckoutResponse> {
  if (!deps.yoco.secretKey && !deps.yoco.sandbox) throw new Unavailable('Payments are not configured');
  return checkoutOrder(deps, await loadOwnOrder(deps.knex, visitor, orderId), idempotencyKey);
}

/**
 * Starts a Yoco checkout for an unpaid order already found to be the caller's (by its browser or a
 * signed resume link). With the client's Idempotency-Key, Yoco's key is derived from it, so a retry of
 * the attempt gets the same checkout and records no second payment.
 */
export async function checkoutOrder(
  deps: PaymentDeps,
  order: Order,
  idempotencyKey?: string,
): Promise<CheckoutResponse> {
  if (!deps.yoco.secretKey && !deps.yoco.sandbox) throw new Unavailable('Payments are not configured');
  if (order.status !== 'pending_payment')
    throw new Conflict(
      (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status) ? ORDER_ALREADY_PAID : ORDER_NOT_PAYABLE,
    );
  // One key per attempt: a retried request reuses its checkout, a new attempt after a cancel gets a new one.
  // The client's key names its attempt; without one, the attempt is the count of the order's payments.
  const attempt = idempotencyKey
    ? `key-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`
    : (await Payment.query(deps.knex).where('orderId', order.id).resultSize()) + 1;
  const checkout = await createYocoCheckout(
    deps.yoco,
    {
      amount: order.totalCents,
      currency: 'ZAR',
      successUrl: paymentReturnUrl(deps.publicUrl, 'success', order.id),
      cancelUrl: paymentReturnUrl(deps.publicUrl, 'cancelled', order.id),
      failureUrl: paymentReturnUrl(deps.publicUrl, 'failed', order.id),
      externalId: order.id,
      metadata: { orderId: order.id },
    },
    `order-${order.id}-${attempt}`,
    deps.logger,
  );
  await Payment.query(deps.knex)
    .insert({
      orderId: order.id,
      checkoutId: checkout.id,
      amountCents: order.totalCents,
      currency: 'ZAR',
      status: 'pending',
    })
    .onConflict('checkoutId')
    .ignore();
  if (!isApprovedRedirect(checkout.redirectUrl, approvedPrefixes(deps.yoco))) {
    deps.logger?.warn({ redirectUrl: checkout.redirectUrl, orderId: order.id }, 'unapproved checkout redirect refused');
    throw new HttpError(502, UNAPPROVED_REDIRECT);
  }
  return { redirectUrl: checkout.redirectUrl };
}

const OUTCOMES: Record<string, PaymentStatus> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
};

/**
 * Handles one signed Yoco webhook delivery, exactly once per event id: the event is logged in
 * `payment_events` (a redelivery finds it and changes nothing), checked against the stored payment
 * (checkout id, order id, amount, currency; a mismatch is refused and nothing is recorded), then
 * applied: succeeded confirms the order and queues the customer's confirmation and the admins'
 * new-order mails; failed or cancelled marks the payment and leaves the order payable. The mails are
 * queued during the transaction and sent only if it commits (`afterTransaction`), so an event is either
 * fully applied (mails included) or retried.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAck> {
  return applyPaymentEvent(deps, YocoWebhookEvent.parse(verifyWebhook(deps.yoco.webhookSecret, rawBody, headers)));
}

/** Applies one Yoco event once (see handleWebhook): a verified delivery, or what reconciliation read from Yoco. */
export async function applyPaymentEvent(deps: PaymentDeps, event: YocoWebhookEvent): Promise<WebhookAck> {
  return deps.knex.transaction(async (trx) => {
    if (!(await PaymentEvent.record(trx, event))) return { received: true as const, duplicate: true };
    const outcome = OUTCOMES[event.type];
    if (isRefundEvent(event.type)) {
      // A refund issued here (refunds/service.ts); else one made in Yoco's portal, applied as before.
      if (!(await applyRefundEvent(deps, trx, event)) && event.type === REFUND_SUCCEEDED) await applyRefund(trx, event);
    } else if (outcome) {
      const payment = await checkedPayment(trx, event);
      await PaymentEvent.linkPayment(trx, event.id, payment.id);
      await applyOutcome(deps, trx, payment, outcome, event);
    }
    await PaymentEvent.markProcessed(trx, event.id);
    return { received: true as const, duplicate: false };
  });
}

const REFUND_SUCCEEDED = 'refund.succeeded';

/**
 * A refund Yoco made (from its portal or API): the refunded payment is found by the checkout in the
 * metadata or by Yoco's payment id, the event is linked to it, and a full refund of a succeeded payment
 * marks it refunded (a partial refund stays visible in the payment's event log only). The order's
 * status is the staff's to change. A refund larger than the payment, or in another currency, is refused.
 */
async function applyRefund(trx: Knex.Transaction, event: YocoWebhookEvent): Promise<void> {
  const { metadata, paymentId, amount, currency } = event.payload;
  const payment = metadata?.checkoutId
    ? await Payment.query(trx).findOne('checkoutId', metadata.checkoutId).forUpdate()
    : paymentId
      ? await Payment.query(trx).findOne('paymentId', paymentId).forUpdate()
      : undefined;
  if (!payment) throw new BadRequest(WEBHOOK_UNKNOWN_CHECKOUT);
  if (amount <= 0 || amount > payment.amountCents || currency !== payment.currency)
    throw new BadRequest(WEBHOOK_REFUND_MISMATCH);
  await PaymentEvent.linkPayment(trx, event.id, payment.id);
  if (payment.status === 'succeeded' && amount === payment.amountCents)
    await payment.$query(trx).patch({ status: 'refunded' });
}

/** The stored payment an event is about, refused (400) unless checkout, order, amount and currency all match. */
async function checkedPayment(trx: Knex.Transaction, event: YocoWebhookEvent): Promise<Payment> {
  const { metadata, amount, currency } = event.payload;
  const payment = metadata?.checkoutId
    ? await Payment.query(trx).findOne('checkoutId', metadata.checkoutId).forUpdate()
    : undefined;
  if (!payment || (metadata?.orderId && metadata.orderId !== payment.orderId))
    throw new BadRequest(WEBHOOK_UNKNOWN_CHECKOUT);
  if (amount !== payment.amountCents || currency !== payment.currency) throw new BadRequest(WEBHOOK_AMOUNT_MISMATCH);
  return payment;
}

async function applyOutcome(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  payment: Payment,
  outcome: PaymentStatus,
  event: YocoWebhookEvent,
) {
  if (outcome !== 'succeeded') {
    // A later failure never undoes a success (events can arrive out of order).
    if (payment.status === 'pending') {
      await payment
        .$query(trx)
        .patch({ status: outcome, failureReason: event.payload.status ?? outcome, processedAt: new Date() });
    }
    return;
  }
  if (payment.status === 'succeeded') return;
  await payment.$query(trx).patch({
    status: 'succeeded',
    paymentId: event.payload.id,
    paymentMethod: event.payload.paymentMethodDetails?.type ?? payment.paymentMethod,
    failureReason: null,
    processedAt: new Date(),
  });
  // Only the payment that moves the order to paid (the order still awaits it, checked under the order's
  // lock) sends the mails and queues the analysis of its tracks (only paid orders are analysed); any
  // other is money staff must see.
  const move = await changeOrderStatus(trx, payment.orderId, {
    to: 'payment_confirmed',
    by: SYSTEM,
    note: PAID_NOTE,
    onlyFrom: 'pending_payment',
  });
  if (move) {
    // The invoice is numbered in this transaction, so its serial is taken only if the payment is recorded.
    const invoice = await issueInvoice(trx, payment.orderId);
    await queueMoveMails(deps, trx, move, invoice.id);
    await queueOrderAnalysis(trx, deps, payment.orderId);
  } else await flagPayment(deps, trx, payment);
}

/** The history's note on an order a checkout paid. */
const PAID_NOTE = 'Paid through the online checkout.';

/**
 * A payment that succeeded for an order that could not take it: cancelled or expired, or already paid
 * through another checkout. It is marked for staff (the Payments screen shows it) and the admins are
 * mailed; the order is left exactly as it is (refunding or reopening is the staff's decision).
 */
async function flagPayment(deps: PaymentDeps, trx: Knex.Transaction, payment: Payment): Promise<void> {
  const order = await Order.query(trx).findById(payment.orderId).throwIfNotFound();
  const attention: PaymentAttention = (PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)
    ? 'already_paid'
    : 'order_cancelled';
  await payment.$query(trx).patch({ attention });
  deps.logger?.warn(
    { paymentId: payment.id, orderId: order.id, orderStatus: order.status, attention },
    'payment needs attention',
  );
  const params = {
    orderId: order.id,
    customerEmail: order.customerEmail,
    amount: formatCents(payment.amountCents),
    reason: PAYMENT_ATTENTION_TEXTS[attention],
  };
  const afterTransaction = await transactionId(trx);
  for (const to of await adminRecipients(deps, trx))
    await sendMail(deps.queue, {
      to,
      template: 'payment-needs-attention',
      params,
      orderId: order.id,
      afterTransaction,
    });
}

/** The addresses of admin mail: every active admin and ADMIN_EMAIL, each once. */
const adminRecipients = (deps: PaymentDeps, trx: Knex.Transaction) => staffRecipients(trx, deps.adminEmail);

/**
 * Queues the mails a payment's move asks for: the customer's order confirmation, and one new-order
 * mail per admin (adminRecipients). A mail another service writes (the mastering work's) is a mistake.
 */
async function queueMoveMails(
  deps: PaymentDeps,
  trx: Knex.Transaction,
  { order, mails }: OrderMove,
  invoiceId: string,
): Promise<void> {
  const data = {
    orderId: order.id,
    customerEmail: order.customerEmail,
    trackCount: order.trackCount,
    amount: formatCents(order.totalCents),
    fileNames: (order.files ?? []).map((f) => f.originalName).join(', '),
    deliveryHours: DELIVERY_HOURS,
  };
  // The job rows are written outside this transaction: the worker sends them only once it commits.
  const afterTransaction = await transactionId(trx);
  for (const mail of mails) {
    if (mail === 'order-confirmation') {
      // Files an analysis already found unusable (not audio, silent, under a second) are named with how
      // to replace them. Analysis starts only once an order is paid, so this is usually empty: it names
      // files of an order re-paid after an earlier analysis.
      const replaceNote = (await FileAnalysis.filesNeedingReplacement(trx, order.id)).map(replaceFileMessage).join(' ');
      await sendMail(deps.queue, {
        to: order.customerEmail,
        template: 'order-confirmation',
        params: { ...data, replaceNote },
        orderId: order.id,
        invoiceId,
        afterTransaction,
      });
    } else if (mail === 'new-order') {
      for (const to of await adminRecipients(deps, trx))
        await sendMail(deps.queue, { to, template: 'new-order', params: data, orderId: order.id, afterTransaction });
    } else throw new Error(`the storefront does not write the ${mail} mail`);
  }
}
