import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import { DashboardStats, type OrderStatus, type Role } from '@mastering/contracts';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

const SECRET = 'o'.repeat(40);
let db: TestDatabase;
let server: Server;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const config = readConfig({ DATABASE_URL: db.connectionString, IDENTITY_SECRET: SECRET });
  server = createServer(buildApp({ config, knex: db.knex, logger: createLogger('ops-test', 'silent') }).callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await db?.destroy();
});

const as = async (role: Role) => ({
  [IDENTITY_HEADER]: await signIdentity({ userId: '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', email: `${role}@example.com`, role, sessionId: 's1' }, SECRET),
});
const stats = async (headers: Record<string, string> = {}) => fetch(`${base}/api/admin/dashboard-stats`, { headers });

/** Inserts an order of one track at `totalCents`, placed `minutesAgo` minutes ago. */
async function order(customerEmail: string, status: OrderStatus, totalCents: number, minutesAgo: number) {
  const [row] = await db
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
  it('is for staff only', async () => {
    expect((await stats()).status).toBe(401);
    expect((await stats(await as('customer'))).status).toBe(403);
  });

  it('answers zeros and no recent orders on an empty shop', async () => {
    const body = DashboardStats.parse(await (await stats(await as('admin'))).json());
    expect(body).toEqual({ totalOrders: 0, pendingOrders: 0, totalRevenue: 0, activeCustomers: 0, recentOrders: [] });
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
    expect(body.recentOrders.map((o) => o.id)).toEqual([ids.newest, ids.pending2, ids.mastered, ids.inProgress, ids.cancelled]);
    expect(body.recentOrders[0]).toEqual({
      id: ids.newest,
      customerEmail: 'zanele@example.com',
      status: 'delivered',
      total: 19.99,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
