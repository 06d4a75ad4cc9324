// The orders as staff read them: the list (search, filters, sorts, pages), the CSV export and one order's detail.
import type { Knex } from 'knex';
import {
  type AdminOrder,
  DEFAULT_PAGE_SIZE,
  deadlineOf,
  ORDER_STATUSES,
  wantsPage,
  type AdminOrderDetail,
  type AdminOrderPage,
  type AdminOrdersQuery,
  type Identity,
  type OrderCounts,
  type OrderSort,
} from '@mastering/contracts';
import { Order, RevisionRequest } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';
import { dueSoonBy, orderCounts, orderStatusTotals } from '../counters';
import { pageWithTotal } from '../paging';
import { masterVersionsOf } from './master-versions';
import { type AddressMatch, addressesInSql, containsSql, matchAddresses, uuidPrefixRange } from './search';

/** The back-office shape of an order: its due time (promiseOf, kept in `orders.due_at`) and its engineer. */
export function toAdminOrder(order: Order, now: Date = new Date()): AdminOrder {
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return {
    ...order.toApi(),
    paidAt: iso(order.paidAt),
    dueAt: iso(order.dueAt),
    deadline: deadlineOf(order.dueAt, now),
    assignedTo: order.assignedTo ?? null,
    assignedToEmail: order.assignee?.email ?? null,
    fileCount: order.trackCount,
    expectedAt: iso(order.expectedAt),
  };
}

/** The SQL condition of the deadline filters: orders due within DUE_SOON_HOURS (due soon) or past due (overdue). */
function whereDeadline(builder: ReturnType<typeof Order.query>, deadline: 'due_soon' | 'overdue', now: Date) {
  if (deadline === 'overdue') builder.where('orders.dueAt', '<=', now);
  else builder.where('orders.dueAt', '>', now).where('orders.dueAt', '<=', dueSoonBy(now));
}

const SORTS: Record<OrderSort, { column: string; order: 'asc' | 'desc' }> = {
  newest: { column: 'orders.createdAt', order: 'desc' },
  oldest: { column: 'orders.createdAt', order: 'asc' },
  total_desc: { column: 'orders.totalCents', order: 'desc' },
  total_asc: { column: 'orders.totalCents', order: 'asc' },
  due: { column: 'orders.createdAt', order: 'desc' },
};

/**
 * The orders matching the admin's search (`search`: the addresses its email part matches, or an id
 * prefix; undefined without a search), filters and caller ("mine").
 */
function filteredOrders(
  knex: Knex,
  query: AdminOrdersQuery,
  caller: Identity,
  now: Date,
  search: AddressMatch | undefined,
) {
  const builder = Order.query(knex).modify('withStatus', query.status);
  if (search) {
    const email = search.where('orders.customer_email');
    // An id is searched by its start (the lists show the first 8 characters): a range of the primary key.
    const ids = uuidPrefixRange(search.q);
    if (ids) builder.where((w) => w.whereBetween('orders.id', ids).orWhereRaw(...email));
    else builder.whereRaw(...email);
  }
  if (query.mine === 'true') builder.where('orders.assignedTo', caller.userId);
  if (query.deadline) whereDeadline(builder, query.deadline, now);
  // The due sort ranks running promises, soonest due first; everything else follows, newest first
  // (the columns of orders_due_sort_index, so a page is read in index order).
  if (query.sort === 'due') builder.orderByRaw('orders.due_at asc nulls last');
  const sort = SORTS[query.sort];
  return builder.orderBy(sort.column, sort.order).orderBy('orders.id', 'desc');
}

/**
 * GET /api/admin/orders: the spec's plain array when no paging is asked for, else one page with the
 * filtered total and the counters. Files and the assignee come with each order.
 */
export async function listOrders(
  knex: Knex,
  query: AdminOrdersQuery,
  caller: Identity,
  countersOf: () => Promise<OrderCounts> = () => orderCounts(knex),
): Promise<AdminOrder[] | AdminOrderPage> {
  const now = new Date();
  const search = query.q ? await matchAddresses(knex, query.q.toLowerCase()) : undefined;
  const builder = filteredOrders(knex, query, caller, now, search).withGraphFetched('[files(inNameOrder), assignee]');
  if (!wantsPage(query)) return (await builder).map((o) => toAdminOrder(o, now));
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const [{ items, total }, counts] = await Promise.all([
    pageWithTotal(
      offset,
      pageSize,
      async () => builder.clone().limit(pageSize).offset(offset),
      () => filteredTotal(knex, query, caller, now, search),
      Boolean(query.q),
    ),
    countersOf(),
  ]);
  return { items: items.map((o) => toAdminOrder(o, now)), total, page, pageSize, counts };
}

/**
 * How many orders match: read from the kept totals when only the status filters, from the customer
 * summaries when only a search does, else counted (a deadline filter reads the running promises' index).
 * (A status filter alone was counted, which reads every delivered order's index entry at a million orders.)
 */
async function filteredTotal(
  knex: Knex,
  query: AdminOrdersQuery,
  caller: Identity,
  now: Date,
  search: AddressMatch | undefined,
): Promise<number> {
  const narrowed = query.mine === 'true' || Boolean(query.deadline);
  if (search && !narrowed && query.status === 'all') return searchTotal(knex, search);
  if (search || narrowed) return filteredOrders(knex, query, caller, now, search).resultSize();
  const totals = await orderStatusTotals(knex);
  return query.status === 'all'
    ? ORDER_STATUSES.reduce((sum, s) => sum + totals[s].orders, 0)
    : totals[query.status].orders;
}

/**
 * How many orders a search alone matches (q lower-case), without testing every order's address: the
 * orders of the matching addresses are the order counts of their customer_summaries rows (one per
 * lower-cased address, kept exact by migration 014's triggers; a short search reads 60,000 short
 * addresses instead of 100,000 orders), plus the orders whose id starts with q and whose address does not match.
 */
async function searchTotal(knex: Knex, search: AddressMatch): Promise<number> {
  const { q } = search;
  const ids = uuidPrefixRange(q);
  const [byAddress, byIdOnly] = await Promise.all([
    search.orders(),
    ids
      ? Order.query(knex)
          .whereBetween('orders.id', ids)
          .whereNot((w) => w.whereRaw(...containsSql('orders.customer_email', q)))
          .resultSize()
      : 0,
  ]);
  return byAddress + byIdOnly;
}

/** The filtered orders as plain rows for the CSV export, streamed from the database (never all in memory). */
export function streamOrders(knex: Knex, query: AdminOrdersQuery, caller: Identity) {
  // A stream is one query: the addresses are matched inside it.
  const search = query.q ? addressesInSql(knex, query.q.toLowerCase()) : undefined;
  return filteredOrders(knex, { ...query, page: undefined, pageSize: undefined }, caller, new Date(), search)
    .leftJoinRelated('assignee')
    .select('orders.*', 'assignee.email as assigneeEmail')
    .toKnexQuery()
    .stream();
}

/** One order with files, engineer, status history (newest change first), revisions and master versions; 404 when unknown. */
export async function orderDetail(knex: Knex, id: string): Promise<AdminOrderDetail> {
  const order = await Order.query(knex)
    .findById(id)
    .withGraphFetched('[files(inNameOrder), assignee, statusHistory(newestFirst).changer]');
  if (!order) throw new NotFound('Order not found');
  const names = new Map((order.files ?? []).map((f) => [f.id, f.originalName]));
  const [revisions, masters] = await Promise.all([
    RevisionRequest.query(knex).where('orderId', id).orderBy('createdAt', 'desc'),
    masterVersionsOf(knex, [...names.keys()]),
  ]);
  return {
    order: toAdminOrder(order),
    history: (order.statusHistory ?? []).map((h) => h.toApi()),
    revisions: revisions.map((r) => ({ ...r.toApi(), fileId: r.fileId, fileName: names.get(r.fileId) ?? '' })),
    masters,
  };
}
