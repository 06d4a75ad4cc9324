import type { Knex } from 'knex';
import {
  AdminOrder,
  canTransition,
  roleCanTransition,
  transitionNotForRole,
  DEFAULT_PAGE_SIZE,
  DELIVERY_HOURS,
  DELIVERY_NEEDS_MASTERS,
  deadlineOf,
  displayName,
  DUE_SOON_HOURS,
  invalidTransition,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  wantsPage,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type AssignOrderBody,
  type Identity,
  type OrderCounts,
  type OrderSort,
  type OrderStatus,
} from '@mastering/contracts';
import { Order, OrderStatusHistory, Setting, type OrderFile } from '@mastering/db';
import { masterLoudnessWords } from '../analysis/service';
import { scheduleMail, sendMail, type Queue } from '@mastering/jobs';
import { BadRequest, Conflict, Forbidden, NotFound } from '@mastering/service-kit';
import type { Counters } from './counters-cache';
import { containsSql, uuidPrefixRange } from './search';

const HOUR = 3_600_000;
const OPEN: readonly string[] = OPEN_ORDER_STATUSES;

/** What delivery needs beyond the database: the queue (mail), the link signer and the site's address. */
export type FulfilmentDeps = { knex: Knex; queue: Queue; publicUrl: string; counters: Counters };

/** The back-office shape of an order: its clock (48 h from payment while open) and its engineer. */
export function toAdminOrder(order: Order, now: Date = new Date()): AdminOrder {
  const paidAt = order.paidAt ? new Date(order.paidAt) : null;
  const dueAt = paidAt && OPEN.includes(order.status) ? new Date(paidAt.getTime() + DELIVERY_HOURS * HOUR) : null;
  return {
    ...order.toApi(),
    paidAt: paidAt?.toISOString() ?? null,
    dueAt: dueAt?.toISOString() ?? null,
    deadline: deadlineOf(dueAt, now),
    assignedTo: order.assignedTo ?? null,
    assignedToEmail: order.assignee?.email ?? null,
    fileCount: order.trackCount,
  };
}

/** The SQL condition of the deadline filters: open orders paid more than 36 h ago (due soon) or 48 h ago (overdue). */
function whereDeadline(builder: ReturnType<typeof Order.query>, deadline: 'due_soon' | 'overdue', now: Date) {
  const dueBy = new Date(now.getTime() - DELIVERY_HOURS * HOUR);
  const soonFrom = new Date(now.getTime() - (DELIVERY_HOURS - DUE_SOON_HOURS) * HOUR);
  builder.whereIn('orders.status', OPEN as string[]);
  if (deadline === 'overdue') builder.where('orders.paidAt', '<=', dueBy);
  else builder.where('orders.paidAt', '>', dueBy).where('orders.paidAt', '<=', soonFrom);
}

const SORTS: Record<OrderSort, { column: string; order: 'asc' | 'desc' }> = {
  newest: { column: 'orders.createdAt', order: 'desc' },
  oldest: { column: 'orders.createdAt', order: 'asc' },
  total_desc: { column: 'orders.totalCents', order: 'desc' },
  total_asc: { column: 'orders.totalCents', order: 'asc' },
  due: { column: 'orders.createdAt', order: 'desc' },
};

/** The orders matching the admin's search (email part or id prefix), filters and caller ("mine"). */
function filteredOrders(knex: Knex, query: AdminOrdersQuery, caller: Identity, now: Date) {
  const builder = Order.query(knex).modify('withStatus', query.status);
  if (query.q) {
    const q = query.q.toLowerCase();
    const email = containsSql('orders.customer_email', q);
    // An id is searched by its start (the lists show the first 8 characters): a range of the primary key.
    const ids = uuidPrefixRange(q);
    if (ids) builder.where((w) => w.whereBetween('orders.id', ids).orWhereRaw(...email));
    else builder.whereRaw(...email);
  }
  if (query.mine === 'true') builder.where('orders.assignedTo', caller.userId);
  if (query.deadline) whereDeadline(builder, query.deadline, now);
  // The due sort ranks running clocks, soonest due first; everything else follows, newest first
  // (the expression of orders_due_sort_index, so a page is read in index order).
  if (query.sort === 'due') builder.orderByRaw(`case when orders.status in ('payment_confirmed', 'in_progress', 'mastered') then orders.paid_at end asc nulls last`);
  const sort = SORTS[query.sort];
  return builder.orderBy(sort.column, sort.order).orderBy('orders.id', 'desc');
}

/** Orders and their total (cents) per status, every status present (0 when none): six rows the triggers of migration 015 keep. */
export async function orderStatusTotals(knex: Knex): Promise<Record<OrderStatus, { orders: number; totalCents: number }>> {
  const rows: { status: OrderStatus; orders: string; totalCents: string }[] = await knex('order_status_totals').select('status', 'orders', 'totalCents');
  const totals = Object.fromEntries(ORDER_STATUSES.map((s) => [s, { orders: 0, totalCents: 0 }])) as Record<OrderStatus, { orders: number; totalCents: number }>;
  for (const row of rows) totals[row.status] = { orders: Number(row.orders), totalCents: Number(row.totalCents) };
  return totals;
}

/** The counters: orders by status (kept totals), and open orders due within 12 hours or overdue (an aggregate over open orders). */
export async function orderCounts(knex: Knex, now: Date = new Date()): Promise<OrderCounts> {
  const totals = await orderStatusTotals(knex);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, totals[s].orders])) as Record<OrderStatus, number>;
  const dueBy = new Date(now.getTime() - DELIVERY_HOURS * HOUR);
  const soonFrom = new Date(now.getTime() - (DELIVERY_HOURS - DUE_SOON_HOURS) * HOUR);
  const [clock] = await knex('orders')
    .whereIn('status', OPEN as string[])
    .select(
      knex.raw('count(*) filter (where paid_at <= ?)::int as overdue', [dueBy]),
      knex.raw('count(*) filter (where paid_at > ? and paid_at <= ?)::int as due_soon', [dueBy, soonFrom]),
    );
  return { total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus, dueSoon: clock.dueSoon, overdue: clock.overdue };
}

/**
 * GET /api/admin/orders: the spec's plain array when no paging is asked for, else one page with the
 * filtered total and the counters. Files and the assignee come with each order.
 */
export async function listOrders(knex: Knex, query: AdminOrdersQuery, caller: Identity, countersOf: () => Promise<OrderCounts> = () => orderCounts(knex)): Promise<AdminOrder[] | AdminOrderPage> {
  const now = new Date();
  const builder = filteredOrders(knex, query, caller, now).withGraphFetched('[files(inNameOrder), assignee]');
  if (!wantsPage(query)) return (await builder).map((o) => toAdminOrder(o, now));
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const [items, total, counts] = await Promise.all([
    builder.clone().limit(pageSize).offset((page - 1) * pageSize),
    filteredTotal(knex, query, caller, now),
    countersOf(),
  ]);
  return { items: items.map((o) => toAdminOrder(o, now)), total, page, pageSize, counts };
}

/** How many orders match: read from the kept totals when only the status filters, else counted. */
async function filteredTotal(knex: Knex, query: AdminOrdersQuery, caller: Identity, now: Date): Promise<number> {
  if (query.q || query.mine === 'true' || query.deadline) return filteredOrders(knex, query, caller, now).resultSize();
  const totals = await orderStatusTotals(knex);
  return query.status === 'all' ? ORDER_STATUSES.reduce((sum, s) => sum + totals[s].orders, 0) : totals[query.status].orders;
}

/** The filtered orders as plain rows for the CSV export, streamed from the database (never all in memory). */
export function streamOrders(knex: Knex, query: AdminOrdersQuery, caller: Identity) {
  return filteredOrders(knex, { ...query, page: undefined, pageSize: undefined }, caller, new Date())
    .leftJoinRelated('assignee')
    .select('orders.*', 'assignee.email as assigneeEmail')
    .toKnexQuery()
    .stream();
}

/** One order with files, engineer and status history (newest change first); 404 when unknown. */
export async function orderDetail(knex: Knex, id: string): Promise<AdminOrderDetail> {
  const order = await Order.query(knex).findById(id).withGraphFetched('[files(inNameOrder), assignee, statusHistory(newestFirst).changer]');
  if (!order) throw new NotFound('Order not found');
  return { order: toAdminOrder(order), history: (order.statusHistory ?? []).map((h) => h.toApi()) };
}

/** Days a delivery link works (setting `delivery.downloadDays`, 7 by default). */
export async function downloadDays(knex: Knex): Promise<number> {
  const settings = await Setting.section(knex, 'delivery');
  return settings.downloadDays;
}

/**
 * PATCH /api/admin/orders/:id/status: moves an order along ORDER_TRANSITIONS (else 400), records who,
 * when, from, to and the note. Delivering needs a master for every file; it mails the customer the
 * `mastering-complete` template with an expiring link and schedules the expiry reminder a day before.
 * The first start of the work mails `mastering-started` (a status update, which the Email settings
 * may switch off). Mails are queued inside the transaction, so a failure to queue changes nothing.
 */
export async function changeOrderStatus(deps: FulfilmentDeps, id: string, to: OrderStatus, note: string | undefined, caller: Identity): Promise<AdminOrder> {
  await deps.knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(id).forUpdate().withGraphFetched('[files(inNameOrder), user]');
    if (!order) throw new NotFound('Order not found');
    if (!canTransition(order.status, to)) throw new BadRequest(invalidTransition(order.status, to));
    if (!roleCanTransition(caller.role, order.status, to)) throw new Forbidden(transitionNotForRole(to));
    if (to === 'delivered' && (order.files ?? []).some((f) => !f.masteredFilePath)) throw new BadRequest(DELIVERY_NEEDS_MASTERS);
    await Order.query(trx)
      .findById(id)
      .patch({ status: to, ...(to === 'payment_confirmed' && !order.paidAt ? { paidAt: new Date() } : {}) });
    const startedBefore = to === 'in_progress' && (await OrderStatusHistory.query(trx).where({ orderId: id, toStatus: 'in_progress' }).resultSize()) > 0;
    await OrderStatusHistory.query(trx).insert({ orderId: id, fromStatus: order.status, toStatus: to, changedBy: caller.userId, note: note?.trim() || null });
    if (to === 'delivered') await mailDelivery(deps, order);
    if (to === 'in_progress' && !startedBefore) await mailStarted(deps, order);
  });
  deps.counters.clear();
  return (await orderDetail(deps.knex, id)).order;
}

/**
 * What each master's measured loudness means on the streaming platforms, in plain words for the
 * delivery mail ('' while no master has been measured: the analysis runs in the background).
 */
export async function loudnessNote(knex: Knex, files: readonly OrderFile[]): Promise<string> {
  const words = await masterLoudnessWords(knex, files.map((f) => f.id));
  return files
    .filter((f) => words.has(f.id))
    .map((f) => (files.length === 1 ? '' : `${f.originalName}: `) + words.get(f.id)!)
    .join(' ');
}

/** What every order mail says of the order: whom it is for, which order, which tracks. */
function orderMailParams(order: Order) {
  const files = order.files ?? [];
  return {
    customerName: displayName(order.user ?? { email: order.customerEmail }),
    customerEmail: order.customerEmail,
    orderId: order.id,
    trackTitle: files.length === 1 ? files[0]!.originalName : `${files.length} tracks`,
  };
}

/** Queues the `mastering-started` mail: an engineer is on it, done by the 48-hour promise. */
async function mailStarted(deps: FulfilmentDeps, order: Order): Promise<void> {
  const dueAt = order.paidAt ? new Date(new Date(order.paidAt).getTime() + DELIVERY_HOURS * HOUR) : null;
  // ISO: the email service writes dates the South African way in every mail.
  const params = { ...orderMailParams(order), estimatedCompletion: dueAt?.toISOString() ?? '' };
  await sendMail(deps.queue, { template: 'mastering-started', to: order.customerEmail, params, orderId: order.id });
}

/**
 * Queues the `mastering-complete` mail now and the `download-expiry-reminder` a day before the link
 * expires. The jobs name the order and the expiry, not a token: the mail worker mints the link when it
 * sends, so no working download link sits in the job table (the reminder waits there for days).
 */
async function mailDelivery(deps: FulfilmentDeps, order: Order): Promise<void> {
  const days = await downloadDays(deps.knex);
  const expiresAt = new Date(Date.now() + days * 24 * HOUR);
  const files = order.files ?? [];
  const params = {
    ...orderMailParams(order),
    // ISO: the email service writes dates the South African way in every mail.
    expiryDate: expiresAt.toISOString(),
    fileNames: files.map((f) => f.originalName),
    loudnessNote: await loudnessNote(deps.knex, files),
  };
  const downloadLink = { orderId: order.id, expiresAt };
  await sendMail(deps.queue, { template: 'mastering-complete', to: order.customerEmail, params, orderId: order.id, downloadLink });
  const remindAt = new Date(expiresAt.getTime() - 24 * HOUR);
  if (remindAt.getTime() > Date.now()) await scheduleMail(deps.queue, remindAt, { template: 'download-expiry-reminder', to: order.customerEmail, params, orderId: order.id, downloadLink });
}

/**
 * PATCH /api/admin/orders/:id/assignee: the caller takes the order ('me') or lets it go ('nobody').
 * An engineer cannot take or release an order another staff member holds (409 / 403); an admin can.
 */
export async function assignOrder(knex: Knex, id: string, { assignee }: AssignOrderBody, caller: Identity): Promise<AdminOrder> {
  await knex.transaction(async (trx) => {
    const order = await Order.query(trx).findById(id).forUpdate().withGraphFetched('assignee');
    if (!order) throw new NotFound('Order not found');
    const heldByOther = order.assignedTo !== null && order.assignedTo !== caller.userId;
    if (heldByOther && caller.role !== 'admin') {
      if (assignee === 'me') throw new Conflict(`This order is already assigned to ${order.assignee?.email ?? 'another engineer'}.`);
      throw new Forbidden('Only an administrator can unassign an order another engineer holds.');
    }
    await Order.query(trx).findById(id).patch({ assignedTo: assignee === 'me' ? caller.userId : null });
  });
  return (await orderDetail(knex, id)).order;
}
