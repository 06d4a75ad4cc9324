import type { Knex } from 'knex';
import { ORDER_STATUS_LABELS } from '@mastering/contracts';
import { AdminDigest, Order, User } from '@mastering/db';
import { JOBS, sendMail, type Queue } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import type { StorefrontWrites } from '../storefront-writes';

// Late orders (issue 25 Deliver 5, issue 50): an order past its due time (`orders.due_at`, kept by
// promiseOf: 48 hours after payment for the first delivery, the revision promise for a revision round,
// or the engineer's expected time). The customer is told once per round; the admins get one digest a
// day while any is overdue. The Orders screen and the dashboard flag them from the same column.

export type LateOrderDeps = { knex: Knex; queue: Queue; storefront: StorefrontWrites; logger?: Logger };

/** Due times as the studio reads them (South African time). */
const STUDIO_TIME = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});
/** The day a digest counts for, in UTC (YYYY-MM-DD). */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Orders whose promise runs and whose due time has passed, the longest overdue first. */
const overdue = (knex: Knex, now: Date) =>
  Order.query(knex).whereNotNull('dueAt').where('dueAt', '<=', now).orderBy('dueAt');

/**
 * Has the storefront (the orders' owner) tell each overdue order not told yet this round: it claims the
 * round and queues the "Order delayed" mail in one transaction, so a rerun or a second worker tells
 * nobody twice; a failed call fails the run, and the next run asks again. Answers how many were told.
 */
export async function notifyDelayedOrders(deps: LateOrderDeps, now = new Date()): Promise<number> {
  const late = await overdue(deps.knex, now).whereNull('delayNotifiedAt').select('id');
  let told = 0;
  for (const { id } of late) if (await deps.storefront.noticeDelay(id, now, now)) told += 1;
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
      dueAt: STUDIO_TIME.format(o.dueAt!),
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
