// The counters of the back-office lists and the dashboard, and the analytics: what they count, how long one
// computation is kept, and the one place they are dropped (changesCounts, on the route table's writing rows).
import type { Knex } from 'knex';
import {
  DUE_SOON_HOURS,
  ORDER_STATUSES,
  type AudioFileCounts,
  type FileStatus,
  type MasteringStyle,
  type OrderCounts,
  type OrderStatus,
  TREND_BUCKETS,
  type AnalyticsResponse,
} from '@mastering/contracts';
import { Order, OrderFileTotal, OrderStatusTotal } from '@mastering/db';
import { cachedValue } from '@mastering/service-kit';
import { analytics, type AnalyticsDays } from './analytics/service';

const HOUR = 3_600_000;

/** Orders and their total (cents) per status, every status present (0 when none): six rows the triggers of migration 015 keep. */
export async function orderStatusTotals(
  knex: Knex,
): Promise<Record<OrderStatus, { orders: number; totalCents: number }>> {
  const rows = await OrderStatusTotal.query(knex).select('status', 'orders', 'totalCents');
  const totals = Object.fromEntries(ORDER_STATUSES.map((s) => [s, { orders: 0, totalCents: 0 }])) as Record<
    OrderStatus,
    { orders: number; totalCents: number }
  >;
  for (const row of rows) totals[row.status] = { orders: Number(row.orders), totalCents: Number(row.totalCents) };
  return totals;
}

/** The end of the due-soon range seen at `now`: an order due by then (and not yet) is flagged due soon. */
export const dueSoonBy = (now: Date): Date => new Date(now.getTime() + DUE_SOON_HOURS * HOUR);

/**
 * The counters: orders by status (kept totals), and the orders due within DUE_SOON_HOURS or overdue: two
 * ranges of the running promises' index (`orders.due_at`, promiseOf), revision rounds included.
 */
export async function orderCounts(knex: Knex, now: Date = new Date()): Promise<OrderCounts> {
  const [totals, overdue, dueSoon] = await Promise.all([
    orderStatusTotals(knex),
    Order.query(knex).where('dueAt', '<=', now).resultSize(),
    Order.query(knex).where('dueAt', '>', now).where('dueAt', '<=', dueSoonBy(now)).resultSize(),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, totals[s].orders])) as Record<OrderStatus, number>;
  return {
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    dueSoon,
    overdue,
  };
}

/** Files and their bytes per processing status and mastering style: the few rows the triggers of migration 015 keep. */
export async function fileTotals(
  knex: Knex,
): Promise<{ processingStatus: FileStatus; masteringStyle: MasteringStyle; files: number; bytes: number }[]> {
  const rows = await OrderFileTotal.query(knex).select('processingStatus', 'masteringStyle', 'files', 'bytes');
  return rows.map((r) => ({
    processingStatus: r.processingStatus,
    masteringStyle: r.masteringStyle,
    files: Number(r.files),
    bytes: Number(r.bytes),
  }));
}

/** The six counters over every file (from the kept totals). */
export async function audioFileCounts(knex: Knex): Promise<AudioFileCounts> {
  const totals = await fileTotals(knex);
  const files = (status?: FileStatus) =>
    totals.reduce((sum, t) => sum + (status === undefined || t.processingStatus === status ? t.files : 0), 0);
  return {
    total: files(),
    uploaded: files('uploaded'),
    processing: files('processing'),
    completed: files('completed'),
    error: files('error'),
    totalBytes: totals.reduce((sum, t) => sum + t.bytes, 0),
  };
}

// Counters of a large list (aggregates over every order or file) change slowly but cost a scan; each is a
// cachedValue kept for `ttlMs` per process, and any write through this service drops them at once, so staff
// see their own change immediately and other replicas' changes within `ttlMs`.

/**
 * The two list screens' counters and the analytics of each period, cached together (see cachedValue); the
 * dashboard shares the orders'. The analytics are a dozen aggregates over a period's orders and customers
 * (13-29 ms of PostgreSQL per answer at 100,000 orders, bench:admin): staff opening or refreshing the screen
 * within `ttlMs` share one computation. Payments, refunds and ratings are written by the storefront service,
 * so they show within `ttlMs`, as other replicas' writes do.
 */
export type Counters = {
  orders(): Promise<OrderCounts>;
  files(): Promise<AudioFileCounts>;
  analytics(days: AnalyticsDays): Promise<AnalyticsResponse>;
  clear(): void;
};

/** The counters of the orders and audio-files screens and the analytics on `knex`, each kept for `ttlMs` (0: always fresh). */
export function createCounters(knex: Knex, ttlMs: number): Counters {
  const orders = cachedValue(ttlMs, () => orderCounts(knex));
  const files = cachedValue(ttlMs, () => audioFileCounts(knex));
  const periods = new Map(
    (Object.keys(TREND_BUCKETS).map(Number) as AnalyticsDays[]).map((days) => [
      days,
      cachedValue(ttlMs, () => analytics(knex, days)),
    ]),
  );
  return {
    orders: () => orders.get(),
    files: () => files.get(),
    analytics: (days) => periods.get(days)!.get(),
    clear: () => {
      orders.clear();
      files.clear();
      for (const period of periods.values()) period.clear();
    },
  };
}

/**
 * `handler` for a route whose write changes what the counters count (an order's status, a file's
 * processing): `deps.counters` are dropped once it has succeeded. The one invalidation point: the route
 * table marks its writing rows with it, and no handler clears counters itself. (`deps` is read only
 * when a request runs: the route table is also built without dependencies, as data.)
 */
export function changesCounts<C>(
  deps: { counters: Pick<Counters, 'clear'> },
  handler: (ctx: C) => Promise<void>,
): (ctx: C) => Promise<void> {
  return async (ctx) => {
    await handler(ctx);
    deps.counters.clear();
  };
}
