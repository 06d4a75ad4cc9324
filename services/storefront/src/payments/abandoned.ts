import type { Knex } from 'knex';
import { formatCents, YocoWebhookEvent } from '@mastering/contracts';
import { Order, Payment } from '@mastering/db';
import { sendMail } from '@mastering/jobs';
import type { ResumeLinks } from '@mastering/service-kit';
import { applyPaymentEvent, type PaymentDeps } from './service';
import { readYocoCheckout } from './yoco';

// Abandoned checkouts (issue 25 Deliver 6): an unpaid order gets one reminder with a link that resumes
// payment; a checkout whose webhook never came is read back from Yoco. (The expiry itself is the
// uploads sweeper's: it also removes the files.)

/** An unpaid order is reminded this long after it was placed. */
export const REMINDER_AFTER_HOURS = 1;
/** A checkout without a webhook this long after it started is read back from Yoco. */
export const RECONCILE_AFTER_MINUTES = 10;

export type AbandonedDeps = PaymentDeps & { resumeLinks: ResumeLinks; expiryHours: number };

/**
 * Mails each order unpaid for REMINDER_AFTER_HOURS (and not yet expiring) one reminder with a resume
 * link valid until the order expires (minted by the mail worker). The order is claimed by setting `payment_reminder_sent_at` while
 * it is still empty and the order still unpaid, in the transaction that queues the mail: sent once.
 * Answers how many were reminded.
 */
export async function remindUnpaidOrders(deps: AbandonedDeps, now = new Date()): Promise<number> {
  const due = await Order.query(deps.knex)
    .select('id')
    .where('status', 'pending_payment')
    .whereNull('paymentReminderSentAt')
    .where('createdAt', '<=', new Date(now.getTime() - REMINDER_AFTER_HOURS * 3_600_000))
    .where('createdAt', '>', new Date(now.getTime() - deps.expiryHours * 3_600_000));
  let reminded = 0;
  for (const { id } of due) {
    await deps.knex.transaction(async (trx) => {
      const [order] = (await Order.query(trx)
        .patch({ paymentReminderSentAt: now })
        .where({ id, status: 'pending_payment' })
        .whereNull('paymentReminderSentAt')
        .returning('*')) as unknown as Order[];
      if (!order) return;
      const expiresAt = new Date(new Date(order.createdAt).getTime() + deps.expiryHours * 3_600_000);
      await sendMail(deps.queue, {
        to: order.customerEmail,
        template: 'payment-reminder',
        params: {
          orderId: order.id,
          customerEmail: order.customerEmail,
          amount: formatCents(order.totalCents),
          expiresInHours: deps.expiryHours,
        },
        // The mail worker mints the link when it sends: the job row never holds a working token.
        resumeLink: { orderId: order.id, expiresAt },
        orderId: order.id,
      });
      reminded += 1;
    });
  }
  return reminded;
}

/**
 * Reads back from Yoco each pending checkout of an unpaid order started more than
 * RECONCILE_AFTER_MINUTES ago: a completed one is applied exactly as its lost `payment.succeeded`
 * webhook would have been (under an event id of its own, so it happens once, and a late webhook
 * finds the payment settled). A checkout Yoco cannot answer for is tried again next run. Answers how
 * many payments were recovered.
 */
export async function reconcileCheckouts(deps: PaymentDeps, now = new Date()): Promise<number> {
  const stale = await Payment.query(deps.knex)
    .joinRelated('order')
    .where('payments.status', 'pending')
    .where('order.status', 'pending_payment')
    .where('payments.createdAt', '<=', new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000))
    .select('payments.*');
  let recovered = 0;
  for (const payment of stale) {
    try {
      const checkout = await readYocoCheckout(deps.yoco, payment.checkoutId, deps.logger);
      if (checkout.status !== 'completed' || !checkout.paymentId) continue;
      const event = YocoWebhookEvent.parse({
        id: `reconciled_${checkout.id}`,
        type: 'payment.succeeded',
        payload: {
          id: checkout.paymentId,
          type: 'payment',
          amount: checkout.amount,
          currency: checkout.currency,
          status: 'succeeded',
          metadata: { checkoutId: checkout.id, orderId: payment.orderId },
        },
      });
      if (!(await applyPaymentEvent(deps, event)).duplicate) recovered += 1;
    } catch (err) {
      deps.logger?.warn({ err: (err as Error).message, checkoutId: payment.checkoutId }, 'checkout not reconciled');
    }
  }
  return recovered;
}

/** The unpaid order a resume token names, or null when the token is forged or expired. */
export async function orderOfResumeToken(knex: Knex, links: ResumeLinks, token: string): Promise<Order | null> {
  const verified = links.verify(token);
  if (!verified || verified === 'expired') return null;
  return (await Order.query(knex).findById(verified.claims.order)) ?? null;
}
