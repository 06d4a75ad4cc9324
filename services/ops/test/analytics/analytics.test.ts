import { beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsResponse, growthPercent, type OrderStatus, type Role } from '@mastering/contracts';
import { createCounters } from '../../src/counters';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const get = async (path: string, role: Role | null = 'admin') =>
  fetch(`${ctx.base}${path}`, { headers: role ? await identityAs(role) : {} });
const analytics = async (days: number) => {
  const res = await get(`/api/admin/analytics?days=${days}`);
  expect(res.status).toBe(200);
  return AnalyticsResponse.parse(await res.json());
};

/** Records an order's move to `to` at `at` (the fulfilment screens write this history). */
const history = (orderId: string, to: OrderStatus, at: Date) =>
  ctx.db.knex('orderStatusHistory').insert({ orderId, toStatus: to, createdAt: at });

// The seeded shop and, for the last 7 days, the figures worked out by hand:
//   this week  A a@ paid R1000 (Jazz + Pop), B b@ paid R500 (Jazz), C c@ unpaid R300, D a@ cancelled R200, E d@ paid R300 (Rock)
//   week before F a@ paid R600 (Jazz), G e@ unpaid R400;   a month ago  H b@ paid R100
// Revenue R1800 vs R600 (+200%), paid orders 3 vs 1 (+200%), average R600 vs R600 (0%), conversion 3/5 = 60% vs 1/2 = 50% (+20%).
// Genres: Jazz 2 orders R1000 (half of A + B), Pop 1 order R500, Rock 1 order R300.
// Statuses placed this week: five, one each, 20% each.
// Processing: A paid 24 h ago and delivered 2 h ago (22 h, on time); F paid 9 days ago (paid_at only, no
// history entry) and delivered 6 days ago (72 h, late): average 47 h, on time 50%.
// Customers: d@ is new, a@ and b@ return; the week before's only payer (a@) paid again: retention 100%.
beforeAll(async () => {
  const knex = ctx.db.knex;
  const a = await seedOrder(knex, {
    email: 'a@analytics.example',
    status: 'delivered',
    totalCents: 100_000,
    at: ago(1),
    genres: ['Jazz', 'Pop'],
  });
  await seedOrder(knex, {
    email: 'b@analytics.example',
    status: 'in_progress',
    totalCents: 50_000,
    at: ago(2),
    genres: ['Jazz'],
  });
  await seedOrder(knex, {
    email: 'c@analytics.example',
    status: 'pending_payment',
    totalCents: 30_000,
    at: ago(3),
    genres: ['Blues'],
  });
  await seedOrder(knex, {
    email: 'A@analytics.example',
    status: 'cancelled',
    totalCents: 20_000,
    at: ago(4),
    genres: ['Folk'],
  });
  await seedOrder(knex, {
    email: 'd@analytics.example',
    status: 'mastered',
    totalCents: 30_000,
    at: ago(5),
    genres: ['Rock'],
  });
  const f = await seedOrder(knex, {
    email: 'a@analytics.example',
    status: 'delivered',
    totalCents: 60_000,
    at: ago(9),
    genres: ['Jazz'],
  });
  await seedOrder(knex, { email: 'e@analytics.example', status: 'pending_payment', totalCents: 40_000, at: ago(10) });
  const h = await seedOrder(knex, {
    email: 'b@analytics.example',
    status: 'delivered',
    totalCents: 10_000,
    at: ago(31),
  });
  await history(a, 'payment_confirmed', ago(1));
  await history(a, 'in_progress', ago(0, 20));
  await history(a, 'delivered', ago(0, 2));
  await history(f, 'delivered', ago(6));
  await history(h, 'payment_confirmed', ago(31));
  await history(h, 'delivered', ago(30));
});

describe('GET /api/admin/analytics', () => {
  it('is for admins only, through the session (no bearer token), and may be cached for 5 minutes', async () => {
    expect((await get('/api/admin/analytics', null)).status).toBe(401);
    expect((await get('/api/admin/analytics', 'engineer')).status).toBe(403);
    expect(
      (await fetch(`${ctx.base}/api/admin/analytics`, { headers: { authorization: 'Bearer anything' } })).status,
    ).toBe(401);
    expect((await get('/api/admin/analytics')).headers.get('cache-control')).toBe('private, max-age=300');
  });

  it('computes the 7-day KPIs with growth against the week before', async () => {
    expect((await analytics(7)).overview).toEqual({
      totalRevenue: 1800,
      revenueGrowth: 200,
      totalOrders: 3,
      ordersGrowth: 200,
      avgOrderValue: 600,
      avgOrderGrowth: 0,
      conversionRate: 60,
      conversionGrowth: 20,
    });
  });

  it('ranks genres, splits the orders by status and measures processing from the status history', async () => {
    const a = await analytics(7);
    expect(a.topGenres).toEqual([
      { genre: 'Jazz', orders: 2, revenue: 1000 },
      { genre: 'Pop', orders: 1, revenue: 500 },
      { genre: 'Rock', orders: 1, revenue: 300 },
    ]);
    expect(a.ordersByStatus).toEqual(
      (['pending_payment', 'in_progress', 'mastered', 'delivered', 'cancelled'] as const).map((status) => ({
        status,
        count: 1,
        percentage: 20,
      })),
    );
    expect(a.processingMetrics).toEqual({
      avgProcessingTime: 47,
      onTimeDelivery: 50,
      deliveredOrders: 2,
      customerSatisfaction: null,
      ratings: 0,
    });
    expect(a.customerMetrics).toEqual({ newCustomers: 1, returningCustomers: 2, customerRetentionRate: 100 });
  });

  it('draws the revenue trend as one point per day (zero days included) and per month for a year', async () => {
    const week = (await analytics(7)).revenueByPeriod;
    expect(week).toHaveLength(8);
    expect(week.reduce((s, p) => s + p.revenue, 0)).toBe(1800);
    expect(week.reduce((s, p) => s + p.orders, 0)).toBe(3);
    expect(week.find((p) => p.date === ago(1).toISOString().slice(0, 10))).toMatchObject({ revenue: 1000, orders: 1 });
    expect(week.filter((p) => p.revenue === 0).length).toBeGreaterThanOrEqual(5);

    const year = await analytics(365);
    expect(year.revenueByPeriod.length).toBeGreaterThanOrEqual(12);
    expect(year.revenueByPeriod.every((p) => p.date.endsWith('-01'))).toBe(true);
    expect(year.revenueByPeriod.reduce((s, p) => s + p.revenue, 0)).toBe(2500);
    expect(year.overview).toMatchObject({
      totalRevenue: 2500,
      totalOrders: 5,
      revenueGrowth: 100,
      conversionRate: 62.5,
    });
  });

  it('compares 30 days with the 30 before (a month-old order counts there)', async () => {
    const month = await analytics(30);
    expect(month.overview).toMatchObject({
      totalRevenue: 2400,
      totalOrders: 4,
      revenueGrowth: growthPercent(240_000, 10_000),
      ordersGrowth: 300,
    });
    // H was delivered 30 days ago, a moment before the period began.
    expect(month.processingMetrics.deliveredOrders).toBe(2);
  });

  it('refuses a period that is not 7, 30, 90 or 365', async () => {
    const res = await get('/api/admin/analytics?days=14');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('days must be 7, 30, 90 or 365');
  });
});

describe('growthPercent', () => {
  it('is relative change to one decimal, 100 from nothing to something, 0 from nothing to nothing', () => {
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(50, 150)).toBe(-66.7);
    expect(growthPercent(5, 0)).toBe(100);
    expect(growthPercent(0, 0)).toBe(0);
  });
});

// Last in the file: it adds an order to the seeded shop.
describe('the analytics kept with the counters (createCounters)', () => {
  it('shares one computation per period while it is kept, and is computed again once a write drops it', async () => {
    const counters = createCounters(ctx.db.knex, 60_000);
    const before = await counters.analytics(7);
    await seedOrder(ctx.db.knex, {
      email: 'late@analytics.example',
      status: 'delivered',
      totalCents: 20_000,
      at: ago(0, 1),
    });
    expect(await counters.analytics(7)).toEqual(before);
    // Another period is a computation of its own, made now.
    expect((await counters.analytics(30)).overview.totalOrders).toBe((await analytics(30)).overview.totalOrders);
    counters.clear(); // what changesCounts does after a write through ops
    const after = await counters.analytics(7);
    expect(after.overview.totalOrders).toBe(before.overview.totalOrders + 1);
    expect(after.overview.totalRevenue).toBe(before.overview.totalRevenue + 200);
  });
});
