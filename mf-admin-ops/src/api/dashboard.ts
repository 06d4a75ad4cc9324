import type { OrderStatus } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** One row of the dashboard's Recent Orders (`total` in rand). */
export interface RecentOrder {
  id: string;
  customerEmail: string;
  /** An order status; the dashboard also knows `completed`. */
  status: OrderStatus | 'completed' | (string & {});
  total: number | string;
  createdAt: string;
}

/** `GET /api/admin/dashboard-stats` (revenue in rand). */
export interface DashboardStats {
  totalOrders: number;
  pendingOrders: number;
  totalRevenue: number;
  activeCustomers: number;
  recentOrders: RecentOrder[];
}

/** Query keys of the dashboard; each key is also its URL. */
export const dashboardKeys = {
  stats: () => ['/api/admin/dashboard-stats'] as const,
};

/** The dashboard's figures and recent orders (staff only). */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: dashboardKeys.stats() });
}
