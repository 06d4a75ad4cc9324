import type { Knex } from 'knex';
import { growthPercent, ORDER_STATUSES, TOP_GENRES, TREND_BUCKETS, type AnalyticsResponse } from '@mastering/contracts';
import { OrderRating, Refund } from '@mastering/db';
import { PAID_STATUSES } from '../paid';

// Every figure is SQL over the database (see the rules in contracts/analytics.ts). One `now` per
// answer, so the two periods meet exactly and a test can compute the expected figures by hand.
// Order counts and totals come from order_day_stats (per UTC day and status, kept by migration 014's
// triggers) for the whole days of a period and from the orders themselves for its two part days;
// customer figures from customer_summaries' first and last paid order, counted per day by
// customer_paid_day_stats (migration 032's triggers) in the same way; the top genres from
// genre_day_stats (migration 033's triggers) in the same way.

type Window = { now: Date; cur: Date; prev: Date };

/** A period the analytics screen offers, in days (TREND_BUCKETS' keys). */
export type AnalyticsDays = keyof typeof TREND_BUCKETS;

/** A ratio as a percentage with one decimal, 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** Cents (possibly fractional, as bigint text) to rand with two decimals. */
const rand = (cents: string | number) => Math.round(Number(cents)) / 100;

const DAY_MS = 86_400_000;
/** The UTC midnight at or before `t`. */
const floorDay = (t: Date) => new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
/** The UTC midnight at or after `t`. */
const ceilDay = (t: Date) => new Date(Math.ceil(t.getTime() / DAY_MS) * DAY_MS);

/**
 * The whole UTC days inside [from, to) as [first, end) dates, and the instants where they start and
 * end (both `to` when no whole day lies inside): the part days before and after them are counted from
 * the rows themselves (an index range each).
 */
function wholeDays(from: Date, to: Date) {
  let fullFrom = ceilDay(from);
  let fullTo = floorDay(to);
  if (fullFrom >= fullTo) fullFrom = fullTo = to;
  const day = (t: Date) => t.toISOString().slice(0, 10);
  return { fullFrom, fullTo, first: day(fullFrom), end: day(fullTo) };
}

/**
 * Rows (day, status, orders, revenue_cents) that add up to exactly the orders placed in [from, to):
 * the summary's whole UTC days inside it, and the orders of the part days at either end. A
 * derived-table SQL fragment with its own bindings.
 */
function ordersPerDay(knex: Knex, from: Date, to: Date): Knex.Raw {
  const { fullFrom, fullTo, first, end } = wholeDays(from, to);
  return knex.raw(
    `(select day, status, orders::bigint as orders, revenue_cents::numeric as revenue_cents from order_day_stats where day >= ?::date and day < ?::date
      union all
      select (created_at at time zone 'UTC')::date, status, count(*), sum(total_cents) from orders
       where (created_at >= ? and created_at < ?) or (created_at >= ? and created_at < ?)
       group by 1, 2)`,
    [first, end, from, fullFrom, fullTo, to],
  );
}

/**
 * How many customers' first (or last) paid order was placed in [from, to): customer_paid_day_stats'
 * whole UTC days inside it (migration 032) plus customer_summaries' part days at either end. A
 * scalar SQL fragment with its own bindings.
 */
function customersPaidIn(knex: Knex, edge: 'first_paid' | 'last_paid', from: Date, to: Date): Knex.Raw {
  const { fullFrom, fullTo, first, end } = wholeDays(from, to);
  return knex.raw(
    `((select coalesce(sum(${edge}), 0) from customer_paid_day_stats where day >= ?::date and day < ?::date)
      + (select count(*) from customer_summaries where (${edge} >= ? and ${edge} < ?) or (${edge} >= ? and ${edge} < ?)))`,
    [first, end, from, fullFrom, fullTo, to],
  );
}

async function overview(knex: Knex, w: Window): Promise<AnalyticsResponse['overview']> {
  const figures = (p: 'cur' | 'prev') => `
      (select coalesce(sum(orders) filter (where status = any(:paid)), 0)::int as paid, coalesce(sum(orders), 0)::int as placed,
              coalesce(sum(revenue_cents) filter (where status = any(:paid)), 0)::bigint as revenue from :${p}Days d) as ${p}`;
  const { rows } = await knex.raw(
    `select cur.paid as cur_paid, cur.placed as cur_placed, cur.revenue as cur_revenue, prev.paid as prev_paid, prev.placed as prev_placed, prev.revenue as prev_revenue
       from ${figures('cur')}, ${figures('prev')}`,
    { paid: PAID_STATUSES, curDays: ordersPerDay(knex, w.cur, w.now), prevDays: ordersPerDay(knex, w.prev, w.cur) },
  );
  // Net of partial refunds of the period's orders, as the payments screen and the dashboard count revenue.
  const [curRefunds, prevRefunds] = await Promise.all([
    Refund.succeededCentsOfOrdersIn(knex, PAID_STATUSES, { from: w.cur, to: w.now }),
    Refund.succeededCentsOfOrdersIn(knex, PAID_STATUSES, { from: w.prev, to: w.cur }),
  ]);
  const r = rows[0];
  return overviewOf(
    { paid: r.cur_paid, revenue: Number(r.cur_revenue) - curRefunds, placed: r.cur_placed },
    { paid: r.prev_paid, revenue: Number(r.prev_revenue) - prevRefunds, placed: r.prev_placed },
  );
}

/** A period's paid orders, their revenue in cents and the orders placed. */
export type PeriodFigures = { paid: number; revenue: number; placed: number };

/** The KPI cards from the period's figures and the period before's. */
export function overviewOf(cur: PeriodFigures, prev: PeriodFigures): AnalyticsResponse['overview'] {
  const aov = (p: PeriodFigures) => (p.paid > 0 ? Math.round(p.revenue / p.paid) / 100 : 0);
  const conversion = (p: PeriodFigures) => percent(p.paid, p.placed);
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

async function revenueTrend(knex: Knex, w: Window, days: AnalyticsDays): Promise<AnalyticsResponse['revenueByPeriod']> {
  const unit = TREND_BUCKETS[days];
  const { rows } = await knex.raw(
    // Days are summed per bucket first (a UTC day lies in one bucket), then laid on the full series of buckets.
    `select to_char(b.bucket, 'YYYY-MM-DD') as date, coalesce(t.revenue_cents, 0)::bigint as revenue_cents, coalesce(t.orders, 0)::int as orders
       from generate_series(date_trunc(:unit, cast(:cur as timestamptz) at time zone 'UTC'), date_trunc(:unit, cast(:now as timestamptz) at time zone 'UTC'), ('1 ' || :unit)::interval) as b(bucket)
       left join (select date_trunc(:unit, d.day::timestamp) as bucket, sum(d.revenue_cents) as revenue_cents, sum(d.orders) as orders
                    from :days d where d.status = any(:paid) group by 1) t on t.bucket = b.bucket
      order by b.bucket`,
    { ...w, unit, paid: PAID_STATUSES, days: ordersPerDay(knex, w.cur, w.now) },
  );
  // Refunds of the period's orders, each counted in the bucket its order was placed in (as the KPIs net them).
  const refunds = await Refund.succeededCentsByPlacementDay(knex, PAID_STATUSES, { from: w.cur, to: w.now });
  const refundCents = new Map<string, number>();
  for (const { day, cents } of refunds) {
    const bucket = rows.findLast((r: { date: string }) => r.date <= day)?.date;
    if (bucket) refundCents.set(bucket, (refundCents.get(bucket) ?? 0) + cents);
  }
  return rows.map((r: { date: string; revenue_cents: string; orders: number }) => {
    const refunded = refundCents.get(r.date) ?? 0;
    return {
      date: r.date,
      gross: rand(r.revenue_cents),
      refunds: rand(refunded),
      revenue: rand(Number(r.revenue_cents) - refunded),
      orders: r.orders,
    };
  });
}

/**
 * The UTC days whose figures, mended at the edges, add up to [from, to): `ranges` of rows to add (sign 1)
 * or take away (-1). The end is rounded up to its midnight and the rows after `to` taken away (placed
 * after `now`: next to none); the start is rounded to its nearer midnight and the hours between added or
 * taken away. So at most half a day of rows is read, where wholeDays reads a whole day's (its two part
 * days add up to 24 hours): for rollups that add up (sums and counts, not distinct customers).
 */
function mendedDays(from: Date, to: Date) {
  const down = floorDay(from);
  const up = ceilDay(from);
  const start = from.getTime() - down.getTime() < up.getTime() - from.getTime() ? down : up;
  const stop = ceilDay(to);
  if (start >= stop) return { first: '', end: '', ranges: [{ from, to, sign: 1 }] };
  const day = (t: Date) => t.toISOString().slice(0, 10);
  return {
    first: day(start),
    end: day(stop),
    ranges: [
      start < from ? { from: start, to: from, sign: -1 } : { from, to: start, sign: 1 },
      { from: to, to: stop, sign: -1 },
    ],
  };
}

/**
 * Rows (status, genre, orders, share_cents) that add up to exactly the orders placed in [from, to) with
 * a file of each genre: genre_day_stats' days (migration 033) mended at the edges (mendedDays) from the
 * orders and their order_genres. A derived-table SQL fragment with its own bindings.
 */
function genresPerDay(knex: Knex, from: Date, to: Date): Knex.Raw {
  const { first, end, ranges } = mendedDays(from, to);
  // One branch per edge, its range in its own condition: the planner sees how few orders it holds and
  // reads them through the created_at index, each order's genres a probe of order_genres (behind a
  // join to a list of ranges it guessed 150,000 orders and hashed all of order_genres: 14,000 buffers).
  const edge = `select o.status, g.genre, ?::int * count(*), ?::int * sum(g.files * (o.total_cents::numeric / o.track_count))
      from orders o join order_genres g on g.order_id = o.id where o.created_at >= ? and o.created_at < ? group by 1, 2`;
  return knex.raw(
    `(select status, genre, orders::bigint as orders, share_cents from genre_day_stats where ? <> '' and day >= nullif(?, '')::date and day < nullif(?, '')::date
      ${ranges.map(() => `union all ${edge}`).join('\n      ')})`,
    [first, first, end, ...ranges.flatMap((r) => [r.sign, r.sign, r.from, r.to])],
  );
}

async function topGenres(knex: Knex, w: Window): Promise<AnalyticsResponse['topGenres']> {
  // An order's revenue is shared equally by its tracks, so a two-genre order counts half to each.
  const { rows } = await knex.raw(
    `select genre, sum(orders)::int as orders, sum(share_cents) as revenue_cents from :days d
      where d.status = any(:paid) group by genre having sum(orders) > 0
      order by orders desc, revenue_cents desc, genre limit :limit`,
    { paid: PAID_STATUSES, limit: TOP_GENRES, days: genresPerDay(knex, w.cur, w.now) },
  );
  return rows.map((r: { genre: string; orders: number; revenue_cents: string }) => ({
    genre: r.genre,
    orders: r.orders,
    revenue: rand(r.revenue_cents),
  }));
}

async function ordersByStatus(knex: Knex, w: Window): Promise<AnalyticsResponse['ordersByStatus']> {
  const { rows }: { rows: { status: (typeof ORDER_STATUSES)[number]; count: number }[] } = await knex.raw(
    'select d.status, sum(d.orders)::int as count from :days d group by d.status having sum(d.orders) > 0',
    { days: ordersPerDay(knex, w.cur, w.now) },
  );
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const order = (s: string) => ORDER_STATUSES.indexOf(s as never);
  return rows
    .sort((a, b) => order(a.status) - order(b.status))
    .map((r) => ({ status: r.status, count: r.count, percentage: percent(r.count, total) }));
}

async function processingMetrics(knex: Knex, w: Window): Promise<AnalyticsResponse['processingMetrics']> {
  // Delivered: each order's first delivered entry, within the period. Paid: the history's
  // payment_confirmed entry, else the order's paid_at (orders paid before the history existed). Both
  // kept per delivered order in order_deliveries and summed per day in delivery_day_stats (migration
  // 130, on time meaning within delivery_hours(), DELIVERY_HOURS): the whole days' rows and the part days' deliveries.
  const { fullFrom, fullTo, first, end } = wholeDays(w.cur, w.now);
  const { rows } = await knex.raw(
    `select coalesce(sum(d.delivered), 0)::int as delivered,
            coalesce(sum(d.seconds) / nullif(sum(d.delivered), 0) / 3600, 0)::float as avg_hours,
            coalesce(sum(d.on_time), 0)::int as on_time
       from (select delivered, seconds, on_time from delivery_day_stats where day >= :first::date and day < :end::date
             union all
             select count(*), sum(extract(epoch from delivered_at - paid_at)),
                    count(*) filter (where delivered_at - paid_at <= make_interval(hours => delivery_hours()))
               from order_deliveries
              where paid_at is not null
                and ((delivered_at >= :cur and delivered_at < :fullFrom) or (delivered_at >= :fullTo and delivered_at < :now))) d`,
    { ...w, first, end, fullFrom, fullTo },
  );
  const r = rows[0];
  const satisfaction = await customerSatisfaction(knex, w);
  return {
    avgProcessingTime: Math.round(r.avg_hours * 10) / 10,
    onTimeDelivery: percent(r.on_time, r.delivered),
    deliveredOrders: r.delivered,
    ...satisfaction,
  };
}

/** The average stars of the ratings given in the period (one decimal) and their count; null without any. */
export async function customerSatisfaction(
  knex: Knex,
  w: Pick<Window, 'cur' | 'now'>,
): Promise<Pick<AnalyticsResponse['processingMetrics'], 'customerSatisfaction' | 'ratings'>> {
  const row = (await OrderRating.query(knex)
    .modify('givenBetween', w.cur, w.now)
    .select(knex.raw('count(*)::int as count'), knex.raw('avg(stars)::float as average'))
    .first()) as unknown as { count: number; average: number | null };
  return {
    customerSatisfaction: row.count > 0 && row.average !== null ? Math.round(row.average * 10) / 10 : null,
    ratings: row.count,
  };
}

/**
 * The customers who paid in [from, to), by number, once per paid day (count them distinct; a plain
 * count(distinct) sorts 60,000 numbers in one process, where a grouped count went parallel and slower):
 * customer_paid_days' whole UTC days inside it (migration 034) plus the part days at either end from
 * the orders. Integers, so counting them distinct hashes numbers, not addresses. A derived-table SQL
 * fragment with its own bindings.
 */
function payersIn(knex: Knex, from: Date, to: Date): Knex.Raw {
  const { fullFrom, fullTo, first, end } = wholeDays(from, to);
  return knex.raw(
    // Each part-day order's number looked up by its address (a probe of the summaries' key each: as a
    // join the planner hashed all 60,000 summaries for a few thousand orders).
    `(select customer_id from customer_paid_days where day >= ?::date and day < ?::date
      union all
      select (select s.id from customer_summaries s where s.email = lower(o.customer_email)) from orders o
       where o.status = any(?) and ((o.created_at >= ? and o.created_at < ?) or (o.created_at >= ? and o.created_at < ?)))`,
    [first, end, PAID_STATUSES, from, fullFrom, fullTo, to],
  );
}

async function customerMetrics(knex: Knex, w: Window): Promise<AnalyticsResponse['customerMetrics']> {
  // customer_summaries keeps each address's first and last paid order. New: the first falls in the
  // period. Paid in the period: the last falls in it, or is later still (placed after \`now\`) and an
  // earlier one does (\`later\`, rare, checked on the orders). The period before's payers are counted by
  // their customer numbers (payersIn); those that did not pay again are the ones whose last paid order lies in the period
  // before, or after \`now\` with none in the period.
  const paidIn = (from: string, to: string) =>
    `exists (select 1 from orders o where lower(o.customer_email) = s.email and o.status = any(:paid) and o.created_at >= :${from} and o.created_at < :${to})`;
  const { rows } = await knex.raw(
    `with later as (select ${paidIn('cur', 'now')} as paid_now, ${paidIn('prev', 'cur')} as paid_before from customer_summaries s where s.last_paid >= :now)
     select (:newCount)::int as new_customers,
            (:lastNow + (select count(*) from later where paid_now))::int as paying_customers,
            (select count(distinct p.customer_id) from :previousPayers p)::int as previous_customers,
            (:lastBefore + (select count(*) from later where paid_before and not paid_now))::int as lapsed`,
    {
      ...w,
      paid: PAID_STATUSES,
      previousPayers: payersIn(knex, w.prev, w.cur),
      newCount: customersPaidIn(knex, 'first_paid', w.cur, w.now),
      lastNow: customersPaidIn(knex, 'last_paid', w.cur, w.now),
      lastBefore: customersPaidIn(knex, 'last_paid', w.prev, w.cur),
    },
  );
  const r = rows[0];
  return {
    newCustomers: r.new_customers,
    returningCustomers: r.paying_customers - r.new_customers,
    customerRetentionRate: percent(r.previous_customers - r.lapsed, r.previous_customers),
  };
}

/** The analytics of the last `days` days against the `days` before them, as of `now`. */
export async function analytics(knex: Knex, days: AnalyticsDays, now = new Date()): Promise<AnalyticsResponse> {
  const w: Window = {
    now,
    cur: new Date(now.getTime() - days * 86_400_000),
    prev: new Date(now.getTime() - 2 * days * 86_400_000),
  };
  const [o, trend, genres, statuses, processing, customers] = await Promise.all([
    overview(knex, w),
    revenueTrend(knex, w, days),
    topGenres(knex, w),
    ordersByStatus(knex, w),
    processingMetrics(knex, w),
    customerMetrics(knex, w),
  ]);
  return {
    overview: o,
    revenueByPeriod: trend,
    topGenres: genres,
    ordersByStatus: statuses,
    processingMetrics: processing,
    customerMetrics: customers,
  };
}
