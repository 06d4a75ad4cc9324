import type { Knex } from 'knex';
import { ORDER_STATUS_LABELS } from '@mastering/contracts';
import { AdminDigest, Order, User } from '@mastering/db';
import { JOBS, sendMail, type Queue } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';

// Late orders (issue 25 Deliver 5, issue 50): an order past its due time (`orders.due_at`, kept by
// promiseOf: 48 hours after payment for the first delivery, the revision promise for a revision round,
// or the engineer's expected time). The customer is told once per round; the admins get one digest a
// day while any is overdue. The Orders screen and the dashboard flag them from the same column.

export type LateOrderDeps = { knex: Knex; queue: Queue; logger?: Logger };

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
 * Queues the "Order delayed" mail for the order `id` unless this round's was queued already: the round
 * is claimed by setting `delay_notified_at` only while it is still empty, in the transaction `trx` that
 * queues the mail, so two runs (or replicas) never send it twice. `estimatedCompletion` names the new
 * time, else the template says "within 24 hours"; with `overdueAt`, only an order still due by then is
 * told (one delivered meanwhile is not). Answers whether it was queued.
 */
export async function tellDelayed(
  trx: Knex.Transaction,
  queue: Queue,
  id: string,
  now: Date,
  { estimatedCompletion, overdueAt }: { estimatedCompletion?: Date; overdueAt?: Date } = {},
): Promise<boolean> {
  const claim = Order.query(trx).patch({ delayNotifiedAt: now }).where('id', id).whereNull('delayNotifiedAt');
  if (overdueAt) claim.where('dueAt', '<=', overdueAt);
  const [order] = (await claim.returning('*')) as unknown as Order[];
  if (!order) return false;
  await sendMail(queue, {
    to: order.customerEmail,
    template: 'order-delayed',
    params: {
      orderId: order.id,
      customerEmail: order.customerEmail,
      ...(estimatedCompletion ? { estimatedCompletion: estimatedCompletion.toISOString() } : {}),
    },
    orderId: order.id,
  });
  return true;
}

/** Queues the "Order delayed" mail for each overdue order not told yet this round (tellDelayed). Answers how many were told. */
export async function notifyDelayedOrders(deps: LateOrderDeps, now = new Date()): Promise<number> {
  const late = await overdue(deps.knex, now).whereNull('delayNotifiedAt').select('id');
  let told = 0;
  for (const { id } of late)
    if (await deps.knex.transaction((trx) => tellDelayed(trx, deps.queue, id, now, { overdueAt: now }))) told += 1;
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
