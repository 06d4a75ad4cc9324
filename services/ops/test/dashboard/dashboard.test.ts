import { describe, expect, it } from 'vitest';
import { DashboardStats, type OrderStatus, type Role } from '@mastering/contracts';
import { identityAs, opsPerFile, seededDueAt } from '../support';

const ctx = opsPerFile();
const as = (role: Role) => identityAs(role);
const stats = async (headers: Record<string, string> = {}) =>
  fetch(`${ctx.base}/api/admin/dashboard-stats`, { headers });

/** Inserts an order of one track at `totalCents`, placed `minutesAgo` minutes ago. */
async function order(customerEmail: string, status: OrderStatus, totalCents: number, minutesAgo: number) {
  const [row] = await ctx.db
    .knex('orders')
    .insert({
      customerEmail,
      status,
      unitPriceCents: totalCents,
      trackCount: 1,
      subtotalCents: totalCents,
      totalCents,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning(['id']);
  return row.id as string;
}

describe('GET /api/admin/dashboard-stats', () => {
  it('flags open paid orders due within 12 hours and overdue ones', async () => {
    const paidAgo = async (status: OrderStatus, hours: number) => {
      const id = await order('clock@example.com', status, 100, hours * 60);
      const paidAt = new Date(Date.now() - hours * 3_600_000);
      await ctx.db
        .knex('orders')
        .where({ id })
        .update({ paidAt, dueAt: seededDueAt(status, paidAt) });
      return id;
    };
    await paidAgo('in_progress', 40); // 8 h left
    await paidAgo('payment_confirmed', 47); // 1 h left
    await paidAgo('mastered', 49); // 1 h late
    await paidAgo('delivered', 60); // done: no clock
    await paidAgo('in_progress', 10); // on track
    // A revision round asked for an hour ago, a week after payment: due on its own promise, not late.
    const revision = await paidAgo('in_progress', 170);
    await ctx.db
      .knex('orders')
      .where({ id: revision })
      .update({ roundStartedAt: new Date(Date.now() - 3_600_000), dueAt: new Date(Date.now() + 47 * 3_600_000) });
    const body = DashboardStats.parse(await (await stats(await as('admin'))).json());
    expect(body).toMatchObject({ dueSoonOrders: 2, overdueOrders: 1 });
    await ctx.db.knex('orders').where('customerEmail', 'clock@example.com').delete();
  });

  it('is for staff only', async () => {
    expect((await stats()).status).toBe(401);
    expect((await stats(await as('customer'))).status).toBe(403);
  });

  it('answers zeros and no recent orders on an empty shop', async () => {
    const body = DashboardStats.parse(await (await stats(await as('admin'))).json());
    expect(body).toEqual({
      totalOrders: 0,
      pendingOrders: 0,
      totalRevenue: 0,
      activeCustomers: 0,
      dueSoonOrders: 0,
      overdueOrders: 0,
      recentOrders: [],
    });
  });

  it('counts orders, takes revenue from paid orders only, counts distinct paying customers and lists the five newest', async () => {
    const ids: Record<string, string> = {};
    ids.oldPaid = await order('Thandi@Example.com', 'delivered', 32_435, 90);
    ids.paidAgain = await order('thandi@example.com', 'payment_confirmed', 50_000, 80); // same customer, other case
    ids.pending1 = await order('sipho@example.com', 'pending_payment', 99_900, 70);
    ids.cancelled = await order('lerato@example.com', 'cancelled', 77_700, 60);
    ids.inProgress = await order('lerato@example.com', 'in_progress', 10_050, 50);
    ids.mastered = await order('pieter@example.com', 'mastered', 20_000, 40);
    ids.pending2 = await order('naledi@example.com', 'pending_payment', 12_345, 30);
    ids.newest = await order('zanele@example.com', 'delivered', 1_999, 5);

    const res = await stats(await as('admin'));
    expect(res.status).toBe(200);
    const body = DashboardStats.parse(await res.json());
    expect(body.totalOrders).toBe(8);
    expect(body.pendingOrders).toBe(2);
    // delivered + payment_confirmed + in_progress + mastered + delivered; pending and cancelled bring nothing in.
    expect(body.totalRevenue).toBe((32_435 + 50_000 + 10_050 + 20_000 + 1_999) / 100);
    // thandi (twice, any case), lerato, pieter, zanele; sipho and naledi have not paid, lerato's cancelled order does not matter.
    expect(body.activeCustomers).toBe(4);
    // Seeded without payment times, none of these has a running 48-hour clock.
    expect(body).toMatchObject({ dueSoonOrders: 0, overdueOrders: 0 });
    expect(body.recentOrders.map((o) => o.id)).toEqual([
      ids.newest,
      ids.pending2,
      ids.mastered,
      ids.inProgress,
      ids.cancelled,
    ]);
    expect(body.recentOrders[0]).toEqual({
      id: ids.newest,
      customerEmail: 'zanele@example.com',
      status: 'delivered',
      total: 19.99,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
