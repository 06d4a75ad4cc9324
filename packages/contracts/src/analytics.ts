import { z } from 'zod';
import { OrderStatus } from './enums';

// Analytics money (revenue, order values) is whole rand; growth and rates are percent; the answer
// is computed for the last `days` days against the `days` before them.

/** Periods of the analytics screen (days); 30 is the default. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;

/** GET /api/admin/analytics?days= */
export const AnalyticsQuery = z.object({ days: z.coerce.number().int().refine((d) => (ANALYTICS_PERIODS as readonly number[]).includes(d), 'days must be 7, 30, 90 or 365').default(30) });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** Its answer (money in rand, growth and rates in percent). */
export const AnalyticsResponse = z.object({
  overview: z.object({
    totalRevenue: z.number(),
    revenueGrowth: z.number(),
    totalOrders: z.number().int(),
    ordersGrowth: z.number(),
    avgOrderValue: z.number(),
    avgOrderGrowth: z.number(),
    conversionRate: z.number(),
    conversionGrowth: z.number(),
  }),
  revenueByPeriod: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  topGenres: z.array(z.object({ genre: z.string(), orders: z.number().int(), revenue: z.number() })),
  ordersByStatus: z.array(z.object({ status: OrderStatus, count: z.number().int(), percentage: z.number() })),
  processingMetrics: z.object({ avgProcessingTime: z.number(), onTimeDelivery: z.number(), customerSatisfaction: z.number() }),
  customerMetrics: z.object({ newCustomers: z.number().int(), returningCustomers: z.number().int(), customerRetentionRate: z.number() }),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
