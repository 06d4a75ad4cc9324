import { z } from 'zod';
import { OrderStatus } from './enum-schemas';

// Dashboard money (totalRevenue, order totals) is whole rand, shown with an R prefix.

/** GET /api/admin/dashboard-stats (revenue and totals in rand). */
export const DashboardStats = z.object({
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  totalRevenue: z.number(),
  activeCustomers: z.number().int(),
  /** Open paid orders due within 12 hours of their 48, and those past them (fulfilment flags). */
  dueSoonOrders: z.number().int(),
  overdueOrders: z.number().int(),
  recentOrders: z.array(
    z.object({
      id: z.uuid(),
      customerEmail: z.string(),
      status: OrderStatus,
      total: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
