import type { Knex } from 'knex';
import { ORDER_STATUSES, type DashboardStats } from '@mastering/contracts';
import { CustomerTotals, Order, Refund } from '@mastering/db';
import { PAID_STATUSES as PAID } from '../paid';
import { orderCounts, orderStatusTotals, type Counters } from '../counters';

/** How many of the newest orders the dashboard lists. */
export const RECENT_ORDERS = 5;

/**
 * Distinct paying emails (any case): the customers screen's "active" card, kept exact by the triggers
 * of migration 014 in its one-row customer_totals (0 before any order).
 */
export async function activeCustomers(knex: Knex): Promise<number> {
  const row = await CustomerTotals.query(knex).first();
  return row?.active ?? 0;
}

/** Where the dashboard takes its scan-bound figures: the lists' counters (cached per process), or computed now. */
export type DashboardCounters = Pick<Counters, 'orders'>;

/**
 * The dashboard's four figures and the five most recent orders (through the Order model). Orders,
 * pending and revenue come from the per-status totals; revenue, net of partial refunds, is in rand (the spec shows it with an R
 * prefix); pending means awaiting payment; active customers are distinct paying emails; due-soon and
 * overdue flag orders against their due time (promiseOf), the same figures as the orders screen's counters.
 */
export async function dashboardStats(
  knex: Knex,
  counters: DashboardCounters = { orders: () => orderCounts(knex) },
): Promise<DashboardStats> {
  const [totals, active, { dueSoon, overdue }, refundedCents] = await Promise.all([
    orderStatusTotals(knex),
    activeCustomers(knex),
    counters.orders(),
    Refund.succeededCentsOfOrdersIn(knex, PAID),
  ]);
  const recent = await Order.query(knex)
    .modify('newestFirst')
    .limit(RECENT_ORDERS)
    .select('id', 'customerEmail', 'status', 'totalCents', 'createdAt');
  return {
    totalOrders: ORDER_STATUSES.reduce((sum, s) => sum + totals[s].orders, 0),
    pendingOrders: totals.pending_payment.orders,
    // Net of partial refunds, as the payments screen counts it.
    totalRevenue: (PAID.reduce((sum, s) => sum + totals[s].totalCents, 0) - refundedCents) / 100,
    activeCustomers: active,
    dueSoonOrders: dueSoon,
    overdueOrders: overdue,
    recentOrders: recent.map((o) => ({
      id: o.id,
      customerEmail: o.customerEmail,
      status: o.status,
      total: o.totalCents / 100,
      createdAt: new Date(o.createdAt).toISOString(),
    })),
  };
}
