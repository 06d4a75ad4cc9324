import { z } from 'zod';
import { OrderStatus } from './enum-schemas';

// Analytics money (revenue, order values) is whole rand; growth and rates are percent with one
// decimal. The answer covers the last `days` days and compares each KPI with the `days` before them:
// growth = (current - previous) / previous * 100, 100 when the previous period had none and this one
// has some, 0 when both had none.
// - Orders count paid orders (payment confirmed or later, never cancelled) placed in the period;
//   revenue is their total; conversion rate = paid orders / orders placed (checkouts that were paid).
// - Processing metrics come from order_status_history: hours from payment_confirmed to delivered for
//   orders delivered in the period; on time = delivered within 48 hours of payment.
// - Customer satisfaction is the average of the stars customers gave (order ratings, ratings.ts) in the
//   period, one decimal, with their count; null with no ratings, and the screen says so instead of a number.
// - Customers: new = first paid order ever is in the period; returning = paid in the period and also
//   before it; retention = share of the previous period's paying customers who paid again in this one.

/** Periods of the analytics screen (days); 30 is the default. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;

/** GET /api/admin/analytics?days= */
export const AnalyticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_PERIODS as readonly number[]).includes(d), 'days must be 7, 30, 90 or 365')
    .default(30),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** The trend's bucket per period: days up to 30 days, weeks for 90, months for a year. */
export const TREND_BUCKETS = { 7: 'day', 30: 'day', 90: 'week', 365: 'month' } as const;

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
  /**
   * One point per bucket (see TREND_BUCKETS), oldest first, zero where nothing was paid; `date` is the
   * bucket's start (YYYY-MM-DD, UTC). `gross` is what the bucket's orders paid, `refunds` what of it was
   * refunded since, `revenue` the net of the two (what the chart draws, as the KPIs count revenue).
   */
  revenueByPeriod: z.array(
    z.object({
      date: z.string(),
      gross: z.number(),
      refunds: z.number(),
      revenue: z.number(),
      orders: z.number().int(),
    }),
  ),
  topGenres: z.array(z.object({ genre: z.string(), orders: z.number().int(), revenue: z.number() })),
  ordersByStatus: z.array(z.object({ status: OrderStatus, count: z.number().int(), percentage: z.number() })),
  processingMetrics: z.object({
    avgProcessingTime: z.number(),
    onTimeDelivery: z.number(),
    /** How many deliveries the two figures above are computed from. */
    deliveredOrders: z.number().int(),
    customerSatisfaction: z.number().nullable(),
    /** How many ratings the satisfaction average is computed from. */
    ratings: z.number().int(),
  }),
  customerMetrics: z.object({
    newCustomers: z.number().int(),
    returningCustomers: z.number().int(),
    customerRetentionRate: z.number(),
  }),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;

/** How many genres the Top Genres list shows. */
export const TOP_GENRES = 5;

/** Growth of `current` over `previous` in percent, one decimal (see the rule above). */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
