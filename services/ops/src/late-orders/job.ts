import type { Knex } from 'knex';
import { DELIVERY_HOURS, OPEN_ORDER_STATUSES, ORDER_STATUS_LABELS } from '@mastering/contracts';
import { AdminDigest, Order, User } from '@mastering/db';
import { JOBS, sendMail, type Queue } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';

// Late orders (issue 25 Deliver 5): a paid order past its due time (48 hours after payment) and not
// delivered. The customer is told once; the admins get one digest a day while any is overdue. The
// Orders screen and the dashboard flag them already (Deadline `overdue`, from the same paid_at clock).

export type LateOrderDeps = { knex: Knex; queue: Queue; logger?: Logger };

const HOUR = 3_600_000;
/** Due times as the studio reads them (South African time). */
const STUDIO_TIME = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});
/** The day a digest counts for, in UTC (YYYY-MM-DD). */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Open paid orders whose due time (paid_at + DELIVERY_HOURS) has passed, oldest first. */
const overdue = (knex: Knex, now: Date) =>
  Order.query(knex)
    .whereIn('status', OPEN_ORDER_STATUSES)
    .where('paidAt', '<=', new Date(now.getTime() - DELIVERY_HOURS * HOUR))
    .orderBy('paidAt');

/**
 * Queues the "Order delayed" mail for each overdue order not told yet, once: the order is claimed by
 * setting `delay_notified_at` only while it is still empty, in the transaction that queues the mail,
 * so two runs (or replicas) never send it twice. Names the engineer's new expected time when one is
 * set and still ahead, else the template says "within 24 hours". Answers how many were told.
 */
export async function notifyDelayedOrders(deps: LateOrderDeps, now = new Date()): Promise<number> {
  const late = await overdue(deps.knex, now).whereNull('delayNotifiedAt').select('id');
  let told = 0;
  for (const { id } of late) {
    await deps.knex.transaction(async (trx) => {
      const [order] = (await Order.query(trx)
        .patch({ delayNotifiedAt: now })
        .where('id', id)
        .whereNull('delayNotifiedAt')
        .returning('*')) as unknown as Order[];
      if (!order) return;
      const expected = order.expectedAt && order.expectedAt > now ? order.expectedAt.toISOString() : undefined;
      await sendMail(deps.queue, {
        to: order.customerEmail,
        template: 'order-delayed',
        params: {
          orderId: order.id,
          customerEmail: order.customerEmail,
          ...(expected ? { estimatedCompletion: expected } : {}),
        },
        orderId: order.id,
      });
      told += 1;
    });
  }
  return told;
}

/**
 * Mails every active admin the list of overdue orders, at most once per UTC day (the day is claimed in
 * `admin_digests` in the transaction that queues the mails). Nothing is sent when none is overdue.
 * Answers whether a digest went out.
 */
export async function sendOverdueDigest(deps: LateOrderDeps, now = new Date()): Promise<boolean> {
  return deps.knex.transaction(async (trx) => {
    const late = await overdue(trx, now);
    if (late.length === 0 || !(await AdminDigest.claim(trx, 'overdue-orders', dayOf(now)))) return false;
    const orders = late.map((o) => ({
      orderId: o.id,
      shortId: o.id.slice(0, 8),
      customerEmail: o.customerEmail,
      dueAt: STUDIO_TIME.format(new Date(o.paidAt!.getTime() + DELIVERY_HOURS * HOUR)),
      status: ORDER_STATUS_LABELS[o.status],
    }));
    const admins = await User.query(trx).modify('active').modify('withRole', 'admin').select('email');
    for (const { email } of admins)
      await sendMail(deps.queue, { to: email, template: 'overdue-digest', params: { count: orders.length, orders } });
    return true;
  });
}

/** The `orders.late` job: both steps, each idempotent, so a rerun or a second worker changes nothing. */
export function lateOrdersJob(deps: LateOrderDeps) {
  return {
    name: JOBS.lateOrders,
    every: '15 minutes',
    handler: async () => {
      const told = await notifyDelayedOrders(deps);
      const digest = await sendOverdueDigest(deps);
      if (told > 0 || digest) deps.logger?.info({ told, digest }, 'late orders: customers told, digest sent');
    },
  };
}
