import type { Knex } from 'knex';
import type { DashboardStats } from '@mastering/contracts';
import { Order } from '@mastering/db';
import { PAID_STATUSES as PAID } from '../paid';
import { orderCounts } from '../orders/service';

/** How many of the newest orders the dashboard lists. */
export const RECENT_ORDERS = 5;

/**
 * The dashboard's four figures (aggregates, so plain SQL) and the five most recent orders (through the
 * Order model). Revenue is in rand (the spec shows it with an R prefix); pending means awaiting
 * payment; active customers are distinct paying emails; due-soon and overdue flag open orders against
 * their 48 hours.
 */
export async function dashboardStats(knex: Knex): Promise<DashboardStats> {
  const [totals] = await knex('orders').select(
    knex.raw('count(*)::int as total_orders'),
    knex.raw(`count(*) filter (where status = 'pending_payment')::int as pending_orders`),
    knex.raw('coalesce(sum(total_cents) filter (where status = any(?)), 0)::bigint as revenue_cents', [PAID]),
    knex.raw('count(distinct lower(customer_email)) filter (where status = any(?))::int as active_customers', [PAID]),
  );
  const { dueSoon, overdue } = await orderCounts(knex);
  const recent = await Order.query(knex).modify('newestFirst').limit(RECENT_ORDERS).select('id', 'customerEmail', 'status', 'totalCents', 'createdAt');
  return {
    totalOrders: totals.totalOrders,
    pendingOrders: totals.pendingOrders,
    totalRevenue: Number(totals.revenueCents) / 100,
    activeCustomers: totals.activeCustomers,
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
