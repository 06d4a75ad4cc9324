import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  CUSTOMER_CSV_COLUMNS,
  CUSTOMER_NOT_FOUND_MESSAGE,
  displayName,
  VIP_THRESHOLD_RAND,
  type CustomerPage,
  type CustomerRow,
  type CustomersQuery,
  type CustomerStats,
  type CustomerSummary,
  type MessageQueued,
  type SendMessageBody,
} from '@mastering/contracts';
import { CustomerMessage, CustomerTotals, indexedContains, Order, User } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { NotFound } from '@mastering/service-kit';
import { csvWriter } from '../csv';
import { pageWithTotal } from '../paging';

const VIP_CENTS = VIP_THRESHOLD_RAND * 100;
/** The plain-array answer (no paging asked for) stops here, so a huge customer base cannot exhaust memory. */
export const PLAIN_LIST_CAP = 1000;
/** The export reads this many customers per query while it streams. */
const EXPORT_BATCH = 1000;

/**
 * The customers of the screen as one derived table `c` of `customer_summaries` (migration 014 keeps
 * one row per order address, lower-cased, and per customer account, with the paid totals) and their
 * status, those whose address contains `q` when given. Plain SQL because it reads an aggregate;
 * columns are snake_case here and camelCase in the result rows.
 *
 * A search is matched first, behind a fence (`offset 0`): the planner cannot estimate how many
 * addresses contain a string, and guessing 1 % it walked the last-order index through all 60,000
 * summaries to find 11 matches (EXPLAIN: 59,989 rows removed by filter) instead of asking the
 * trigram index and sorting what it found.
 */
function customersTable(knex: Knex, q?: string): Knex.Raw {
  const [contains, bindings] = q ? indexedContains('email', q.toLowerCase()) : ['', []];
  return knex.raw(
    `(select email, total_orders, spent_cents, first_order, last_order,
        case when spent_cents > ? then 'vip' when total_orders > 0 then 'active' else 'inactive' end as status
      from customer_summaries ${q ? `where ${contains} offset 0` : ''}) as c`,
    [VIP_CENTS, ...bindings],
  );
}

/**
 * `customers` (a derived table of customersTable's columns) with each one's account name, as `c`: the
 * account is joined after the page is cut, so only the rows shown look up a user: each through the
 * unique lower(email) index, one probe per row. (As a plain join of the 1,000-row plain list the
 * planner hashed all 60,000 users instead; the fence `offset 0` keeps the lookup per row.)
 */
function withAccounts(knex: Knex, customers: Knex.QueryBuilder | Knex.Raw): Knex.Raw {
  return knex.raw(
    `(select c.*, ${isoText('c.first_order')} as first_order_iso, ${isoText('c.last_order')} as last_order_iso,
        u.id as user_id, u.first_name, u.last_name from ?
      left join lateral (select id, first_name, last_name from users where lower(users.email) = c.email offset 0) u on true) as c`,
    [customers],
  );
}

/**
 * SQL for the timestamp `column` as the text Date's toISOString writes (UTC, milliseconds cut as node-postgres
 * cuts them): the plain list's 1,000 rows then parse no dates and format none (2,000 of each per answer were
 * a fifth of ops' CPU in bench:admin's plain list).
 */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What page and customerDetail read of withAccounts' rows: its timestamps as text only (isoText). */
const RECORD_COLUMNS = [
  'email',
  'user_id',
  'first_name',
  'last_name',
  'total_orders',
  'spent_cents',
  'first_order_iso',
  'last_order_iso',
  'status',
];

// Sort keys to columns of `c`: never a raw query value in ORDER BY.
const SORT_COLUMNS: Record<CustomersQuery['sort'], string> = {
  email: 'email',
  totalOrders: 'total_orders',
  totalSpent: 'spent_cents',
  lastOrderDate: 'last_order',
};

/** The customers matching the search and status filter, unsorted and unpaged. */
function filtered(knex: Knex, query: Pick<CustomersQuery, 'q' | 'status'>): Knex.QueryBuilder {
  const builder = knex.queryBuilder().from(customersTable(knex, query.q));
  if (query.status !== 'all') builder.whereRaw('c.status = ?', [query.status]);
  return builder;
}

type CustomerRecord = {
  email: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  totalOrders: number;
  spentCents: string | number;
  firstOrderIso: string | null;
  lastOrderIso: string | null;
  status: CustomerRow['status'];
};

/** One record of `c` as the API shows it (money in rand, dates ISO). */
function toRow(r: CustomerRecord): CustomerRow {
  const spent = Number(r.spentCents);
  return {
    email: r.email,
    name:
      r.firstName || r.lastName ? displayName({ firstName: r.firstName, lastName: r.lastName, email: r.email }) : null,
    userId: r.userId,
    status: r.status,
    totalOrders: r.totalOrders,
    totalSpent: spent / 100,
    averageOrderValue: r.totalOrders > 0 ? Math.round(spent / r.totalOrders) / 100 : 0,
    firstOrderDate: r.firstOrderIso,
    lastOrderDate: r.lastOrderIso,
  };
}

/** One page (or the capped plain list) of customers, searched, filtered and sorted on the server. */
async function page(knex: Knex, query: CustomersQuery, offset: number, limit: number): Promise<CustomerRow[]> {
  const order = `c.${SORT_COLUMNS[query.sort]} ${query.dir === 'asc' ? 'asc' : 'desc'} nulls last, c.email asc`;
  const cut = filtered(knex, query).select('*').orderByRaw(order).offset(offset).limit(limit).as('c');
  const rows: CustomerRecord[] = await knex
    .queryBuilder()
    .from(withAccounts(knex, cut))
    .select(RECORD_COLUMNS)
    .orderByRaw(order);
  return rows.map(toRow);
}

/** The one row of customer_totals (migration 014's triggers keep it equal to the summaries). */
async function totals(knex: Knex): Promise<CustomerTotals> {
  return (await CustomerTotals.query(knex).first())!;
}

/** How many customers match: from the totals row when only the status filters (active counts VIPs too), else counted. */
async function countCustomers(knex: Knex, query: CustomersQuery): Promise<number> {
  if (!query.q) {
    const t = await totals(knex);
    const byStatus: Record<CustomersQuery['status'], number> = {
      all: t.customers,
      vip: t.vip,
      active: t.active - t.vip,
      inactive: t.customers - t.active,
    };
    return byStatus[query.status];
  }
  const [{ count }] = await filtered(knex, query).count({ count: '*' });
  return Number(count);
}

/**
 * GET /api/admin/customers: the spec's plain array when no paging parameter is given (at most
 * PLAIN_LIST_CAP rows), else the envelope with the total count.
 */
export async function listCustomers(knex: Knex, query: CustomersQuery): Promise<CustomerRow[] | CustomerPage> {
  if (query.offset === undefined && query.limit === undefined) return page(knex, query, 0, PLAIN_LIST_CAP);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  const { items, total } = await pageWithTotal(
    offset,
    limit,
    () => page(knex, query, offset, limit),
    () => countCustomers(knex, query),
    Boolean(query.q),
  );
  return { items, count: total, offset, limit };
}

/** The five cards: customers, active (any paid order, VIPs included), VIPs, average paid order and revenue, in rand. */
export async function customerStats(knex: Knex): Promise<CustomerStats> {
  const s = await totals(knex);
  const revenueCents = Number(s.revenueCents);
  const paidOrders = Number(s.paidOrders);
  return {
    totalCustomers: s.customers,
    activeCustomers: s.active,
    vipCustomers: s.vip,
    averageOrderValue: paidOrders > 0 ? Math.round(revenueCents / paidOrders) / 100 : 0,
    totalRevenue: revenueCents / 100,
  };
}

/** One customer (by email, any capitalisation) with every order they placed, newest first; 404 if unknown. */
export async function customerDetail(knex: Knex, email: string): Promise<CustomerSummary> {
  const [record] = await knex
    .queryBuilder()
    .from(
      withAccounts(
        knex,
        knex.queryBuilder().from(customersTable(knex)).whereRaw('c.email = lower(?)', [email]).as('c'),
      ),
    )
    .select(RECORD_COLUMNS);
  if (!record) throw new NotFound(CUSTOMER_NOT_FOUND_MESSAGE);
  const orders = await Order.query(knex)
    .modify('forCustomer', email)
    .modify('newestFirst')
    .select('orders.id', 'orders.createdAt', 'orders.totalCents', 'orders.status')
    .select(Order.relatedQuery('files').count().as('fileCount'));
  return {
    ...toRow(record),
    orders: orders.map((o) => ({
      id: o.id,
      createdAt: new Date(o.createdAt).toISOString(),
      fileCount: Number((o as Order & { fileCount: string }).fileCount),
      total: o.totalCents / 100,
      status: o.status,
    })),
  };
}

/**
 * Sends a customer a message through the mail pipeline (template `customer-message`) and records it
 * with its type. Marketing messages go out as marketing mail (never to an unsubscribed address).
 */
export async function messageCustomer(
  knex: Knex,
  queue: Queue,
  email: string,
  body: SendMessageBody,
  sentBy: string,
): Promise<MessageQueued> {
  const customer = await customerDetail(knex, email);
  const account = customer.userId ? await User.query(knex).findById(customer.userId) : undefined;
  const customerName = displayName({
    firstName: account?.firstName,
    lastName: account?.lastName,
    email: account?.email ?? customer.email,
  });
  return knex.transaction(async (trx) => {
    // The record first: if queueing fails, the transaction drops it, so no message is recorded unsent.
    const { id } = await CustomerMessage.query(trx).insert({
      customerEmail: customer.email,
      messageType: body.type,
      subject: body.subject,
      sentBy,
    });
    const jobId = await sendMail(queue, {
      template: 'customer-message',
      to: account?.email ?? customer.email,
      params: { subject: body.subject, content: body.message, messageType: body.type, customerName },
      kind: body.type === 'marketing' ? 'marketing' : 'transactional',
    });
    await CustomerMessage.query(trx).findById(id).patch({ jobId });
    return { ok: true as const, jobId };
  });
}

/** The filtered, sorted customers as CSV, read in batches while it streams (the whole list never sits in memory). */
export function exportCustomers(knex: Knex, query: CustomersQuery): Readable {
  async function* rows() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await page(knex, query, offset, EXPORT_BATCH);
      for (const row of batch) yield CUSTOMER_CSV_COLUMNS.map((column) => row[column] ?? '');
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(rows()).pipe(csvWriter(CUSTOMER_CSV_COLUMNS));
}
