import { beforeAll, describe, expect, it } from 'vitest';
import {
  CustomerList,
  CustomerPage,
  CustomerStats,
  CustomerSummary,
  FILL_REQUIRED,
  INVALID_EMAIL,
  MessageQueued,
  type Role,
} from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const ADMIN_ID = '0c1d2e3f-4a5b-4c6d-8e7f-901234567890';
const as = (role: Role) => identityAs(role, ADMIN_ID, 'boss@customers.example');
const get = async (path: string, role: Role | null = 'admin') =>
  fetch(`${ctx.base}${path}`, { headers: role ? await as(role) : {} });
const json = async (path: string) => {
  const res = await get(path);
  expect(res.status).toBe(200);
  return res.json();
};

// The seeded shop (money in cents), with the figures each test expects worked out by hand:
// thandi  paid 1500.00 + 600.00 (and an unpaid 500.00)  -> 2 orders, R2100 spent, VIP (> R2000)
// sipho   paid 499.00 (and a cancelled 300.00), has an account "Sipho Dlamini" -> 1 order, active
// edge    paid exactly 2000.00 -> active, not VIP (the rule is "more than")
// guest   only an unpaid order -> 0 orders, inactive, but has order dates
// lerato  a customer account without orders -> inactive, no dates
// The admin's account is not a customer. Totals: 5 customers, 3 active, 1 VIP, R4599 over 4 paid orders.
let thandiNewest: string;
beforeAll(async () => {
  const knex = ctx.db.knex;
  await knex('users').insert([
    { id: ADMIN_ID, email: 'boss@customers.example', role: 'admin' },
    { email: 'sipho@customers.example', firstName: 'Sipho', lastName: 'Dlamini', role: 'customer' },
    { email: 'lerato@customers.example', role: 'customer' },
  ]);
  await seedOrder(knex, {
    email: 'thandi@customers.example',
    status: 'delivered',
    totalCents: 150_000,
    at: ago(3),
    genres: ['Jazz', 'Pop'],
  });
  await seedOrder(knex, { email: 'Thandi@Customers.example', status: 'in_progress', totalCents: 60_000, at: ago(1) });
  thandiNewest = await seedOrder(knex, {
    email: 'thandi@customers.example',
    status: 'pending_payment',
    totalCents: 50_000,
    at: ago(0, 2),
  });
  await seedOrder(knex, {
    email: 'guest@customers.example',
    status: 'pending_payment',
    totalCents: 32_400,
    at: ago(0, 5),
  });
  await seedOrder(knex, {
    email: 'Sipho@Customers.example',
    status: 'payment_confirmed',
    totalCents: 49_900,
    at: ago(10),
  });
  await seedOrder(knex, { email: 'sipho@customers.example', status: 'cancelled', totalCents: 30_000, at: ago(8) });
  await seedOrder(knex, { email: 'edge@customers.example', status: 'mastered', totalCents: 200_000, at: ago(20) });
});

describe('GET /api/admin/customers', () => {
  it('is for admins only', async () => {
    expect((await get('/api/admin/customers', null)).status).toBe(401);
    expect((await get('/api/admin/customers', 'engineer')).status).toBe(403);
    expect((await get('/api/admin/customers/stats', 'customer')).status).toBe(403);
    expect((await get('/api/admin/customers/export', 'engineer')).status).toBe(403);
  });

  it("answers the spec's plain array, newest last order first, with totals over paid orders and the derived status", async () => {
    const list = CustomerList.parse(await json('/api/admin/customers'));
    expect(list.map((c) => [c.email, c.status, c.totalOrders, c.totalSpent, c.averageOrderValue])).toEqual([
      ['thandi@customers.example', 'vip', 2, 2100, 1050],
      ['guest@customers.example', 'inactive', 0, 0, 0],
      ['sipho@customers.example', 'active', 1, 499, 499],
      ['edge@customers.example', 'active', 1, 2000, 2000],
      ['lerato@customers.example', 'inactive', 0, 0, 0],
    ]);
    const lerato = list.at(-1)!;
    expect([lerato.firstOrderDate, lerato.lastOrderDate]).toEqual([null, null]);
    expect(list[2].name).toBe('Sipho Dlamini');
    expect(list.find((c) => c.email === 'guest@customers.example')!.lastOrderDate).not.toBeNull();
    // The dates are written by PostgreSQL (isoText), exactly as the orders' timestamps read into Dates would print.
    const [span] = await ctx.db
      .knex('orders')
      .whereRaw('lower(customer_email) = ?', ['thandi@customers.example'])
      .select(ctx.db.knex.raw('min(created_at) as first, max(created_at) as last'));
    const thandi = list[0]!;
    expect([thandi.firstOrderDate, thandi.lastOrderDate]).toEqual([span.first.toISOString(), span.last.toISOString()]);
    const detail = CustomerSummary.parse(await json('/api/admin/customers/thandi%40customers.example'));
    expect([detail.firstOrderDate, detail.lastOrderDate]).toEqual([span.first.toISOString(), span.last.toISOString()]);
  });

  it('filters by status and searches by email on the server; wildcards are taken literally', async () => {
    const emails = async (query: string) =>
      CustomerList.parse(await json(`/api/admin/customers?${query}`)).map((c) => c.email);
    expect(await emails('status=vip')).toEqual(['thandi@customers.example']);
    expect(await emails('status=active')).toEqual(['sipho@customers.example', 'edge@customers.example']);
    expect(await emails('status=inactive')).toEqual(['guest@customers.example', 'lerato@customers.example']);
    expect(await emails('q=SIPHO')).toEqual(['sipho@customers.example']);
    expect(await emails('q=%25')).toEqual([]);
  });

  it('sorts and pages when asked, with the total count', async () => {
    const page = CustomerPage.parse(await json('/api/admin/customers?sort=totalSpent&dir=asc&offset=0&limit=2'));
    expect(page.count).toBe(5);
    expect(page.items.map((c) => c.email)).toEqual(['guest@customers.example', 'lerato@customers.example']);
    const next = CustomerPage.parse(await json('/api/admin/customers?sort=totalSpent&dir=asc&offset=2&limit=2'));
    expect(next.items.map((c) => c.email)).toEqual(['sipho@customers.example', 'edge@customers.example']);
    const filtered = CustomerPage.parse(await json('/api/admin/customers?status=active&limit=10'));
    expect([filtered.count, filtered.offset, filtered.limit]).toEqual([2, 0, 10]);
  });

  it('refuses a bad filter, sort or page with 400', async () => {
    for (const query of ['status=gold', 'sort=password', 'dir=up', 'limit=0', 'offset=-1']) {
      expect((await get(`/api/admin/customers?${query}`)).status, query).toBe(400);
    }
  });
});

describe('GET /api/admin/customers/stats', () => {
  it('computes the five cards in SQL: customers, active (VIPs included), VIPs, average paid order and revenue', async () => {
    expect(CustomerStats.parse(await json('/api/admin/customers/stats'))).toEqual({
      totalCustomers: 5,
      activeCustomers: 3,
      vipCustomers: 1,
      averageOrderValue: 1149.75,
      totalRevenue: 4599,
    });
  });
});

describe('GET /api/admin/customers/:email', () => {
  it('answers one customer (any capitalisation) with every order, newest first, and their file counts', async () => {
    const detail = CustomerSummary.parse(await json('/api/admin/customers/THANDI%40customers.example'));
    expect(detail).toMatchObject({
      email: 'thandi@customers.example',
      status: 'vip',
      totalOrders: 2,
      totalSpent: 2100,
    });
    expect(detail.orders.map((o) => [o.status, o.total, o.fileCount])).toEqual([
      ['pending_payment', 500, 1],
      ['in_progress', 600, 1],
      ['delivered', 1500, 2],
    ]);
    expect(detail.orders[0].id).toBe(thandiNewest);
  });

  it('answers 404 for an unknown address and 400 for something that is not one', async () => {
    expect((await get('/api/admin/customers/nobody%40customers.example')).status).toBe(404);
    const bad = await get('/api/admin/customers/not-an-email');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(INVALID_EMAIL);
  });
});

describe('GET /api/admin/customers/export', () => {
  it('streams the filtered list as a CSV download', async () => {
    const res = await get('/api/admin/customers/export?status=active&sort=email&dir=asc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('email,name,status,totalOrders,totalSpent,averageOrderValue,firstOrderDate,lastOrderDate');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([
      'edge@customers.example,,active,1,2000',
      'sipho@customers.example,Sipho Dlamini,active,1,499',
    ]);
  });
});

describe('POST /api/admin/customers/:email/message', () => {
  const send = async (email: string, body: unknown, role: Role = 'admin') =>
    fetch(`${ctx.base}/api/admin/customers/${encodeURIComponent(email)}/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await as(role)) },
      body: JSON.stringify(body),
    });
  const messages = () => ctx.db.knex('customerMessages').orderBy('createdAt');

  it("queues the customer-message mail with the customer's name and records the type; marketing goes as marketing mail", async () => {
    ctx.queued.length = 0;
    const res = await send('SIPHO@customers.example', {
      subject: 'Your master',
      message: 'Hello!\n\nIt sounds great.',
      type: 'marketing',
    });
    expect(res.status).toBe(200);
    const answer = MessageQueued.parse(await res.json());
    expect(ctx.queued).toEqual([
      {
        name: 'email.send',
        data: {
          to: 'sipho@customers.example',
          template: 'customer-message',
          data: {
            subject: 'Your master',
            content: 'Hello!\n\nIt sounds great.',
            messageType: 'marketing',
            customerName: 'Sipho Dlamini',
          },
          kind: 'marketing',
        },
      },
    ]);
    expect(await messages()).toMatchObject([
      {
        customerEmail: 'sipho@customers.example',
        messageType: 'marketing',
        subject: 'Your master',
        sentBy: ADMIN_ID,
        jobId: answer.jobId,
      },
    ]);

    // A guest (no account) is greeted by the address's name; support is the default type and is transactional.
    await send('guest@customers.example', { subject: 'Payment', message: 'Need help paying?' });
    expect(ctx.queued[1].data).toMatchObject({
      to: 'guest@customers.example',
      kind: 'transactional',
      data: { messageType: 'support', customerName: 'guest' },
    });
  });

  it("refuses a missing subject or message with the spec's text, an unknown customer with 404, and staff who are not admins; nothing is queued", async () => {
    ctx.queued.length = 0;
    const before = (await messages()).length;
    for (const body of [{ subject: ' ', message: 'x' }, { subject: 'x', message: '' }, { subject: 'x' }]) {
      const res = await send('sipho@customers.example', body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(FILL_REQUIRED);
    }
    expect((await send('sipho@customers.example', { subject: 'x', message: 'y', type: 'sales' })).status).toBe(400);
    expect((await send('nobody@customers.example', { subject: 'x', message: 'y' })).status).toBe(404);
    expect((await send('sipho@customers.example', { subject: 'x', message: 'y' }, 'engineer')).status).toBe(403);
    expect(ctx.queued).toEqual([]);
    expect(await messages()).toHaveLength(before);
  });
});
