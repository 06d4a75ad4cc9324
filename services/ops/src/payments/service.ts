import type { Knex } from 'knex';
import {
  PAYMENT_NOT_FOUND,
  RECENT_PAYMENTS_LIMIT,
  type Payment as PaymentShape,
  type PaymentDetail,
  type PaymentsQuery,
  type PaymentSummary,
} from '@mastering/contracts';
import { likeContains, Payment, PaymentDayStat, Refund } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';

type PaymentWithEmail = Payment & { customerEmail: string };

/**
 * Payments in the date range and matching the search (email, order id, payment id), joined to their
 * order when the search or `withOrder` needs it (the cards over a year of payments do not: the join
 * would double their cost).
 */
function inRange(knex: Knex, query: PaymentsQuery, withOrder: boolean) {
  const builder = Payment.query(knex).modify('since', query.days);
  if (withOrder || query.q) builder.join('orders', 'orders.id', 'payments.orderId');
  if (query.q) {
    const like = likeContains(query.q.toLowerCase());
    builder.where((b) =>
      b
        .whereRaw('lower(orders.customer_email) like ?', [like])
        .orWhereRaw('orders.id::text like ?', [like])
        .orWhereRaw('lower(payments.payment_id) like ?', [like])
        .orWhereRaw('lower(payments.checkout_id) like ?', [like]),
    );
  }
  return builder;
}

/** One payment as the back-office shows it: amount in cents (the screen divides by 100). */
function toApi(p: PaymentWithEmail): PaymentShape {
  return {
    id: p.id,
    paymentId: p.paymentId ?? null,
    orderId: p.orderId,
    customerEmail: p.customerEmail,
    amount: p.amountCents,
    currency: p.currency,
    paymentMethod: p.paymentMethod,
    status: p.status,
    createdAt: new Date(p.createdAt).toISOString(),
    processedAt: p.processedAt ? new Date(p.processedAt).toISOString() : null,
    attention: p.attention ?? null,
  };
}

type Totals = { total: number; revenueCents: number } & Record<(typeof COUNTED)[number], number>;
const COUNTED = ['succeeded', 'pending', 'failed', 'refunded', 'cancelled'] as const;

/** The cards of a search: aggregated over the matching payments (joined to their orders for the email). */
async function searchedTotals(knex: Knex, query: PaymentsQuery): Promise<Totals> {
  const [totals] = (await inRange(knex, query, false)
    .leftJoin(knex.raw(Refund.succeededCentsPerPaymentSql()), 'refunded.payment_id', 'payments.id')
    .clearSelect()
    .select(
      knex.raw('count(*)::int as total'),
      knex.raw(
        // Net of partial refunds (a payment refunded in full is `refunded`, outside the sum already).
        `coalesce(sum(payments.amount_cents - coalesce(refunded.cents, 0)) filter (where payments.status = 'succeeded'), 0)::bigint as revenue_cents`,
      ),
      ...COUNTED.map((s) => knex.raw(`count(*) filter (where payments.status = '${s}')::int as ${s}`)),
    )) as unknown as (Omit<Totals, 'revenueCents'> & { revenueCents: string })[];
  return { ...totals, revenueCents: Number(totals.revenueCents) };
}

/**
 * The cards of the whole range without a search: the counts and amounts per status from the day
 * figures (migration 031; a year is a few hundred rows, not every payment), the revenue net of the
 * succeeded refunds of its succeeded payments, as searchedTotals nets them.
 */
async function rangeTotals(knex: Knex, from: Date): Promise<Totals> {
  const [perStatus, refundedCents] = await Promise.all([
    PaymentDayStat.totalsSince(knex, from),
    Refund.succeededCentsOfPaymentsSince(knex, from),
  ]);
  const of = (status: (typeof COUNTED)[number]) => perStatus.find((s) => s.status === status);
  const payments = (status: (typeof COUNTED)[number]) => of(status)?.payments ?? 0;
  return {
    total: perStatus.reduce((sum, s) => sum + s.payments, 0),
    revenueCents: (of('succeeded')?.amountCents ?? 0) - refundedCents,
    succeeded: payments('succeeded'),
    pending: payments('pending'),
    failed: payments('failed'),
    refunded: payments('refunded'),
    cancelled: payments('cancelled'),
  };
}

/**
 * The Payment & Revenue screen: cards and counts over the range and search (every count from the
 * data, refunds and cancellations included), and the newest payments that also match the status filter.
 */
export async function paymentSummary(knex: Knex, query: PaymentsQuery): Promise<PaymentSummary> {
  const [totals, recent] = await Promise.all([
    query.q ? searchedTotals(knex, query) : rangeTotals(knex, new Date(Date.now() - query.days * 86_400_000)),
    inRange(knex, query, true)
      .modify('withStatus', query.status)
      .select('payments.*', 'orders.customerEmail')
      .modify('newestFirst')
      .limit(RECENT_PAYMENTS_LIMIT)
      .then((rows) => rows as PaymentWithEmail[]),
  ]);
  const { revenueCents } = totals;
  return {
    totalRevenue: revenueCents / 100,
    totalTransactions: totals.total,
    averageOrderValue: totals.succeeded > 0 ? Math.round(revenueCents / totals.succeeded) / 100 : 0,
    successRate: totals.total > 0 ? Math.round((totals.succeeded / totals.total) * 100) : 0,
    successfulPayments: totals.succeeded,
    pendingPayments: totals.pending,
    failedPayments: totals.failed,
    refundedPayments: totals.refunded,
    cancelledPayments: totals.cancelled,
    recentPayments: recent.map(toApi),
  };
}

/** One payment with the webhook events received for it, oldest first; 404 when unknown. */
export async function paymentDetail(knex: Knex, id: string): Promise<PaymentDetail> {
  const payment = (await Payment.query(knex)
    .join('orders', 'orders.id', 'payments.orderId')
    .select('payments.*', 'orders.customerEmail')
    .withGraphFetched('events(oldestFirst)')
    .modifiers({ oldestFirst: (b) => b.orderBy('receivedAt', 'asc') })
    .findById(id)) as PaymentWithEmail | undefined;
  if (!payment) throw new NotFound(PAYMENT_NOT_FOUND);
  return {
    ...toApi(payment),
    failureReason: payment.failureReason ?? null,
    events: (payment.events ?? []).map((e) => ({
      eventId: e.eventId,
      type: e.type,
      receivedAt: new Date(e.receivedAt).toISOString(),
      processedAt: e.processedAt ? new Date(e.processedAt).toISOString() : null,
    })),
  };
}
