// Track my order: an address asks, and gets one mail listing its orders, each with its signed link.
import type { Context } from 'koa';
import type { Knex } from 'knex';
import {
  formatStudioTime,
  ORDER_STATUS_LABELS,
  shortId,
  TOO_MANY_TRACK_REQUESTS,
  TRACK_ORDERS_SENT,
  type TrackOrdersBody,
} from '@mastering/contracts';
import { Order } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { clientKeyOf } from '@mastering/service-kit';
import { consumeOrReject, postgresLimiter } from '../auth/rate-limits';

/** At most this many orders are listed (the newest): an address with more has a long inbox already. */
const LISTED_ORDERS = 50;

/** The limits of the form, like the login form's: per client address, and per address asked about. */
export const TRACK_LIMITS = { perClientPer10Min: 10, perEmailPerHour: 3 } as const;

export type TrackLimiters = ReturnType<typeof createTrackLimiters>;

/** Track my order's limiters, counted in PostgreSQL. */
export function createTrackLimiters(knex: Knex) {
  return {
    perClient: postgresLimiter(knex, 'track-orders-ip', TRACK_LIMITS.perClientPer10Min, 600),
    perEmail: postgresLimiter(knex, 'track-orders-email', TRACK_LIMITS.perEmailPerHour, 3600),
  };
}

/**
 * Queues the `order-list` mail to `email` when it has placed orders (unpaid checkouts left out); nothing
 * otherwise. The links are minted by the mail worker (the job holds order ids, never a token).
 */
export async function mailOrderList(knex: Knex, queue: Queue, email: string): Promise<void> {
  const orders = await Order.query(knex)
    .modify('forCustomer', email)
    .whereNot('status', 'pending_payment')
    .modify('newestFirst')
    .limit(LISTED_ORDERS);
  if (orders.length === 0) return;
  await sendMail(queue, {
    template: 'order-list',
    to: orders[0]!.customerEmail,
    params: {
      orders: orders.map((o) => ({
        orderId: o.id,
        shortId: shortId(o.id),
        status: ORDER_STATUS_LABELS[o.status],
        placedOn: formatStudioTime(o.createdAt),
      })),
    },
  });
}

/**
 * POST /api/orders/track — public; the same answer whether or not the address has orders, so the form
 * tells nobody who buys here. Rate-limited per client address and per address asked about (429).
 */
export const trackOrders = (knex: Knex, queue: Queue, limits: TrackLimiters) => async (ctx: Context) => {
  const { email } = ctx.state.body as TrackOrdersBody;
  const normalised = email.toLowerCase();
  await consumeOrReject(ctx, TOO_MANY_TRACK_REQUESTS, [
    [limits.perClient, clientKeyOf(ctx.ip)],
    [limits.perEmail, normalised],
  ]);
  await mailOrderList(knex, queue, normalised);
  ctx.body = { message: TRACK_ORDERS_SENT };
};
