import type { Knex } from 'knex';
import { DELIVERY_HOURS, growthPercent, ORDER_STATUSES, TOP_GENRES, TREND_BUCKETS, type AnalyticsResponse } from '@mastering/contracts';
import { PAID_STATUSES } from '../paid';

// Every figure is SQL over the database (see the rules in contracts/analytics.ts). One `now` per
// answer, so the two periods meet exactly and a test can compute the expected figures by hand.

type Window = { now: Date; cur: Date; prev: Date };

/** A ratio as a percentage with one decimal, 0 when there is nothing to divide by. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** Cents (possibly fractional, as bigint text) to rand with two decimals. */
const rand = (cents: string | number) => Math.round(Number(cents)) / 100;

async function overview(knex: Knex, w: Window): Promise<AnalyticsResponse['overview']> {
  const period = (from: 'cur' | 'prev') => (from === 'cur' ? 'created_at >= :cur' : 'created_at >= :prev and created_at < :cur');
  const figures = (p: 'cur' | 'prev') => `
      count(*) filter (where ${period(p)} and status = any(:paid))::int as ${p}_paid,
      count(*) filter (where ${period(p)})::int as ${p}_placed,
      coalesce(sum(total_cents) filter (where ${period(p)} and status = any(:paid)), 0)::bigint as ${p}_revenue`;
  const { rows } = await knex.raw(`select ${figures('cur')}, ${figures('prev')} from orders where created_at >= :prev and created_at < :now`, { ...w, paid: PAID_STATUSES });
  const r = rows[0];
  const cur = { paid: r.cur_paid, revenue: Number(r.cur_revenue), placed: r.cur_placed };
  const prev = { paid: r.prev_paid, revenue: Number(r.prev_revenue), placed: r.prev_placed };
  const aov = (p: typeof cur) => (p.paid > 0 ? Math.round(p.revenue / p.paid) / 100 : 0);
  const conversion = (p: typeof cur) => percent(p.paid, p.placed);
  return {
    totalRevenue: cur.revenue / 100,
    revenueGrowth: growthPercent(cur.revenue, prev.revenue),
    totalOrders: cur.paid,
    ordersGrowth: growthPercent(cur.paid, prev.paid),
    avgOrderValue: aov(cur),
    avgOrderGrowth: growthPercent(aov(cur), aov(prev)),
    conversionRate: conversion(cur),
    conversionGrowth: growthPercent(conversion(cur), conversion(prev)),
  };
}

async function revenueTrend(knex: Knex, w: Window, days: keyof typeof TREND_BUCKETS): Promise<AnalyticsResponse['revenueByPeriod']> {
  const unit = TREND_BUCKETS[days];
  const { rows } = await knex.raw(
    // Orders are summed per bucket first (one pass over the period), then laid on the full series of buckets.
    `select to_char(b.bucket, 'YYYY-MM-DD') as date, coalesce(t.revenue_cents, 0)::bigint as revenue_cents, coalesce(t.orders, 0)::int as orders
       from generate_series(date_trunc(:unit, cast(:cur as timestamptz) at time zone 'UTC'), date_trunc(:unit, cast(:now as timestamptz) at time zone 'UTC'), ('1 ' || :unit)::interval) as b(bucket)
       left join (select date_trunc(:unit, created_at at time zone 'UTC') as bucket, sum(total_cents) as revenue_cents, count(*) as orders
                    from orders where status = any(:paid) and created_at >= :cur and created_at < :now group by 1) t on t.bucket = b.bucket
      order by b.bucket`,
    { ...w, unit, paid: PAID_STATUSES },
  );
  return rows.map((r: { date: string; revenue_cents: string; orders: number }) => ({ date: r.date, revenue: rand(r.revenue_cents), orders: r.orders }));
}

async function topGenres(knex: Knex, w: Window): Promise<AnalyticsResponse['topGenres']> {
  // An order's revenue is shared equally by its tracks, so a two-genre order counts half to each.
  const { rows } = await knex.raw(
    `select genre, count(*)::int as orders, sum(share) as revenue_cents
       from (select f.genre, o.id, sum(o.total_cents::numeric / o.track_count) as share
               from order_files f join orders o on o.id = f.order_id
              where f.genre is not null and o.status = any(:paid) and o.created_at >= :cur and o.created_at < :now
              group by f.genre, o.id) per_order
      group by genre order by orders desc, revenue_cents desc, genre limit :limit`,
    { ...w, paid: PAID_STATUSES, limit: TOP_GENRES },
  );
  return rows.map((r: { genre: string; orders: number; revenue_cents: string }) => ({ genre: r.genre, orders: r.orders, revenue: rand(r.revenue_cents) }));
}

async function ordersByStatus(knex: Knex, w: Window): Promise<AnalyticsResponse['ordersByStatus']> {
  const rows: { status: (typeof ORDER_STATUSES)[number]; count: number }[] = await knex('orders')
    .select('status', knex.raw('count(*)::int as count'))
    .where('createdAt', '>=', w.cur)
    .where('createdAt', '<', w.now)
    .groupBy('status');
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const order = (s: string) => ORDER_STATUSES.indexOf(s as never);
  return rows.sort((a, b) => order(a.status) - order(b.status)).map((r) => ({ status: r.status, count: r.count, percentage: percent(r.count, total) }));
}

async function processingMetrics(knex: Knex, w: Window): Promise<AnalyticsResponse['processingMetrics']> {
  // Delivered: each order's first delivered entry, within the period. Paid: the history's
  // payment_confirmed entry, else the order's paid_at (orders paid before the history existed).
  const { rows } = await knex.raw(
    `select count(*)::int as delivered,
            coalesce(avg(extract(epoch from d.at - d.paid) / 3600), 0)::float as avg_hours,
            count(*) filter (where d.at - d.paid <= make_interval(hours => :hours))::int as on_time
       from (select h.created_at as at, coalesce(p.at, o.paid_at) as paid
               from order_status_history h
               join orders o on o.id = h.order_id
               left join (select order_id, min(created_at) as at from order_status_history where to_status = 'payment_confirmed' group by order_id) p on p.order_id = h.order_id
              where h.to_status = 'delivered' and h.created_at >= :cur and h.created_at < :now
                and not exists (select 1 from order_status_history e where e.order_id = h.order_id and e.to_status = 'delivered' and e.created_at < h.created_at)) d
      where d.paid is not null`,
    { ...w, hours: DELIVERY_HOURS },
  );
  const r = rows[0];
  return {
    avgProcessingTime: Math.round(r.avg_hours * 10) / 10,
    onTimeDelivery: percent(r.on_time, r.delivered),
    deliveredOrders: r.delivered,
    // No ratings are collected anywhere: no number is invented.
    customerSatisfaction: null,
  };
}

async function customerMetrics(knex: Knex, w: Window): Promise<AnalyticsResponse['customerMetrics']> {
  const { rows } = await knex.raw(
    // One pass: per paying address, its first payment and whether it paid in each period.
    `select count(*) filter (where paid_now and first_paid >= :cur)::int as new_customers,
            count(*) filter (where paid_now and first_paid < :cur)::int as returning_customers,
            count(*) filter (where paid_before)::int as previous_customers,
            count(*) filter (where paid_before and paid_now)::int as retained
       from (select min(created_at) as first_paid,
                    bool_or(created_at >= :cur) as paid_now,
                    bool_or(created_at >= :prev and created_at < :cur) as paid_before
               from orders where status = any(:paid) and created_at < :now
              group by lower(customer_email)) c`,
    { ...w, paid: PAID_STATUSES },
  );
  const r = rows[0];
  return { newCustomers: r.new_customers, returningCustomers: r.returning_customers, customerRetentionRate: percent(r.retained, r.previous_customers) };
}

/** The analytics of the last `days` days against the `days` before them, as of `now`. */
export async function analytics(knex: Knex, days: keyof typeof TREND_BUCKETS, now = new Date()): Promise<AnalyticsResponse> {
  const w: Window = { now, cur: new Date(now.getTime() - days * 86_400_000), prev: new Date(now.getTime() - 2 * days * 86_400_000) };
  const [o, trend, genres, statuses, processing, customers] = await Promise.all([
    overview(knex, w),
    revenueTrend(knex, w, days),
    topGenres(knex, w),
    ordersByStatus(knex, w),
    processingMetrics(knex, w),
    customerMetrics(knex, w),
  ]);
  return { overview: o, revenueByPeriod: trend, topGenres: genres, ordersByStatus: statuses, processingMetrics: processing, customerMetrics: customers };
}
