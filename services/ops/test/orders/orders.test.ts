import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderPage,
  DELIVERY_NEEDS_MASTERS,
  invalidTransition,
  ORDER_CSV_COLUMNS,
  ORDER_TRANSITIONS,
  AdminOrderResponse,
  transitionNotForRole,
  transitionsFor,
  type OrderStatus,
} from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
let admin: Person, engineer: Person, otherEngineer: Person, customer: Person;
beforeAll(async () => {
  ({ admin, engineer, otherEngineer, customer } = await cast(ctx.db.knex, 'orders.test'));
});

const get = (path: string, who?: Person) => fetch(`${ctx.base}${path}`, { headers: json(who) });
const patch = (path: string, body: unknown, who?: Person) =>
  fetch(`${ctx.base}${path}`, { method: 'PATCH', headers: json(who), body: JSON.stringify(body) });
const seed = (options: Parameters<typeof seedOrder>[2]) => seedOrder(ctx.db.knex, ctx.storage, options);

describe('access to the order paths', () => {
  it('anonymous 401, customer 403, engineer and admin allowed on every path', async () => {
    const order = await seed({ email: 'matrix@orders.test', status: 'pending_payment' });
    const calls: [string, (who?: Person) => Promise<Response>][] = [
      ['list', (who) => get('/api/admin/orders', who)],
      ['page', (who) => get('/api/admin/orders?page=1', who)],
      ['detail', (who) => get(`/api/admin/orders/${order.id}`, who)],
      ['export', (who) => get('/api/admin/orders/export', who)],
      ['assign', (who) => patch(`/api/admin/orders/${order.id}/assignee`, { assignee: 'nobody' }, who)],
      // An invalid change: allowed callers reach validation (400), the others are stopped before it.
      ['status', (who) => patch(`/api/admin/orders/${order.id}/status`, { status: 'delivered' }, who)],
    ];
    for (const [name, call] of calls) {
      expect([name, (await call()).status]).toEqual([name, 401]);
      expect([name, (await call(customer)).status]).toEqual([name, 403]);
      const allowed = name === 'status' ? 400 : 200;
      expect([name, (await call(engineer)).status]).toEqual([name, allowed]);
      expect([name, (await call(admin)).status]).toEqual([name, allowed]);
    }
    // The dashboard stays admins only.
    expect((await get('/api/admin/dashboard-stats', engineer)).status).toBe(403);
  });
});

describe('GET /api/admin/orders', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      pending: (await seed({ email: 'naledi@list.test', status: 'pending_payment', hoursAgo: 2 })).id,
      fresh: (
        await seed({ email: 'zanele@list.test', status: 'payment_confirmed', hoursAgo: 3, names: ['A.wav', 'B.wav'] })
      ).id,
      dueSoon: (await seed({ email: 'pieter@list.test', status: 'in_progress', hoursAgo: 40 })).id,
      overdue: (await seed({ email: 'Thandi@List.test', status: 'in_progress', hoursAgo: 50 })).id,
      deliveredLate: (await seed({ email: 'thandi@list.test', status: 'delivered', hoursAgo: 60 })).id,
    };
    await ctx.db.knex('orders').where('id', ids.fresh).update({ assignedTo: engineer.id });
  });

  it('answers the plain array without paging, newest first, with files, clock and engineer', async () => {
    const list = AdminOrderList.parse(await (await get('/api/admin/orders?q=list.test', admin)).json());
    expect(list.map((o) => o.id)).toEqual([ids.pending, ids.fresh, ids.dueSoon, ids.overdue, ids.deliveredLate]);
    const fresh = list[1]!;
    expect(fresh.files.map((f) => f.originalName)).toEqual(['A.wav', 'B.wav']);
    expect(fresh).toMatchObject({
      fileCount: 2,
      deadline: 'on_track',
      assignedTo: engineer.id,
      assignedToEmail: engineer.email,
    });
    expect(new Date(fresh.dueAt!).getTime() - new Date(fresh.paidAt!).getTime()).toBe(48 * 3_600_000);
    expect(list.find((o) => o.id === ids.dueSoon)!.deadline).toBe('due_soon');
    expect(list.find((o) => o.id === ids.overdue)!.deadline).toBe('overdue');
    // No clock for unpaid or delivered orders.
    expect(list.find((o) => o.id === ids.pending)).toMatchObject({ dueAt: null, deadline: null });
    expect(list.find((o) => o.id === ids.deliveredLate)).toMatchObject({ dueAt: null, deadline: null });
  });

  it('searches by any part of the email (any case) or the start of the id, and filters by status', async () => {
    const search = async (query: string) =>
      AdminOrderList.parse(await (await get(`/api/admin/orders?${query}`, engineer)).json()).map((o) => o.id);
    expect(await search('q=THANDI%40list')).toEqual([ids.overdue, ids.deliveredLate]);
    expect(await search(`q=${ids.dueSoon.slice(0, 8)}`)).toEqual([ids.dueSoon]);
    expect(await search('q=list.test&status=in_progress')).toEqual([ids.dueSoon, ids.overdue]);
    // LIKE wildcards are matched literally.
    expect(await search('q=%25')).toEqual([]);
    expect(await search('q=list.test&sort=oldest')).toEqual([
      ids.deliveredLate,
      ids.overdue,
      ids.dueSoon,
      ids.fresh,
      ids.pending,
    ]);
    expect(await search('q=list.test&sort=due')).toEqual([
      ids.overdue,
      ids.dueSoon,
      ids.fresh,
      ids.pending,
      ids.deliveredLate,
    ]);
    expect(await search('q=list.test&deadline=overdue')).toEqual([ids.overdue]);
    expect(await search('q=list.test&deadline=due_soon')).toEqual([ids.dueSoon]);
  });

  it('"mine" lists only the caller\'s orders', async () => {
    const mine = async (who: Person) =>
      AdminOrderList.parse(await (await get('/api/admin/orders?mine=true', who)).json()).map((o) => o.id);
    expect(await mine(engineer)).toEqual([ids.fresh]);
    expect(await mine(otherEngineer)).toEqual([]);
  });

  it('pages with the filtered total and counters from aggregates over every order', async () => {
    const res = await get('/api/admin/orders?q=list.test&page=2&pageSize=2', admin);
    const page = AdminOrderPage.parse(await res.json());
    expect(page.items.map((o) => o.id)).toEqual([ids.dueSoon, ids.overdue]);
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    const all: { status: string; n: string }[] = await ctx.db
      .knex('orders')
      .select('status')
      .count({ n: '*' })
      .groupBy('status');
    for (const { status, n } of all) expect(page.counts.byStatus[status as 'delivered']).toBe(Number(n));
    expect(page.counts.total).toBe(all.reduce((sum, r) => sum + Number(r.n), 0));
    expect(page.counts).toMatchObject({ dueSoon: 1, overdue: 1 });
  });

  it('refuses bad paging, statuses and sorts with a clear 400', async () => {
    for (const [query, message] of [
      ['page=0', 'Page must be 1 or more'],
      ['pageSize=500', 'Page size must be at most 200'],
      ['status=lost', undefined],
      ['sort=random', undefined],
      ['mine=yes', 'Must be true or false'],
    ] as const) {
      const res = await get(`/api/admin/orders?${query}`, admin);
      expect(res.status).toBe(400);
      const body = await res.json();
      if (message) expect(body.error).toBe(message);
    }
  });
});

describe('PATCH /api/admin/orders/:id/status and the history', () => {
  it('moves along the allowed transitions and keeps who, when, from, to and the note', async () => {
    const order = await seed({ email: 'history@orders.test', status: 'payment_confirmed' });
    let res = await patch(
      `/api/admin/orders/${order.id}/status`,
      { status: 'in_progress', notes: ' Started on the SSL bus ' },
      engineer,
    );
    expect(res.status).toBe(200);
    expect(AdminOrderResponse.parse(await res.json()).order.status).toBe('in_progress');
    res = await patch(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' }, admin);
    expect(res.status).toBe(200);

    const detail = AdminOrderDetail.parse(await (await get(`/api/admin/orders/${order.id}`, engineer)).json());
    expect(detail.order.status).toBe('cancelled');
    expect(
      detail.history.map(({ fromStatus, toStatus, changedBy, note }) => ({ fromStatus, toStatus, changedBy, note })),
    ).toEqual([
      { fromStatus: 'in_progress', toStatus: 'cancelled', changedBy: admin.email, note: null },
      {
        fromStatus: 'payment_confirmed',
        toStatus: 'in_progress',
        changedBy: engineer.email,
        note: 'Started on the SSL bus',
      },
    ]);
  });

  it('mails the customer "mastering started" on the first start only, due 48 hours after payment', async () => {
    const order = await seed({ email: 'started@orders.test', status: 'payment_confirmed', hoursAgo: 10 });
    const mails = () => ctx.queued.filter((q) => q.data.to === 'started@orders.test');
    await patch(`/api/admin/orders/${order.id}/status`, { status: 'in_progress' }, engineer);
    expect(mails()).toMatchObject([
      {
        name: 'email.send',
        data: {
          template: 'mastering-started',
          orderId: order.id,
          data: { orderId: order.id, customerEmail: 'started@orders.test' },
          // Sent only if the status change commits.
          afterTransaction: expect.stringMatching(/^\d+$/),
        },
      },
    ]);
    const paidAt = new Date((await ctx.db.knex('orders').where('id', order.id).first()).paidAt).getTime();
    expect(new Date(mails()[0]!.data.data.estimatedCompletion).getTime()).toBe(paidAt + 48 * 3_600_000);
    // Sent back (by an admin: engineers do not set payment states) and started again: the customer already knows.
    await patch(`/api/admin/orders/${order.id}/status`, { status: 'payment_confirmed' }, admin);
    await patch(`/api/admin/orders/${order.id}/status`, { status: 'in_progress' }, engineer);
    expect(mails()).toHaveLength(1);
  });

  it('refuses an invalid transition or status with a clear 400 and changes nothing', async () => {
    const order = await seed({ email: 'refused@orders.test', status: 'pending_payment' });
    let res = await patch(`/api/admin/orders/${order.id}/status`, { status: 'mastered' }, admin);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(invalidTransition('pending_payment', 'mastered'));
    res = await patch(`/api/admin/orders/${order.id}/status`, { status: 'finished' }, admin);
    expect(res.status).toBe(400);
    res = await patch(`/api/admin/orders/not-an-id/status`, { status: 'cancelled' }, admin);
    expect(res.status).toBe(400);
    expect(
      (await patch(`/api/admin/orders/${crypto.randomUUID()}/status`, { status: 'cancelled' }, admin)).status,
    ).toBe(404);
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ status: 'pending_payment' });
    expect(await ctx.db.knex('order_status_history').where('orderId', order.id)).toEqual([]);
  });

  it('lets engineers move orders only through the mastering work, never payment or cancellation (403, nothing changes)', async () => {
    const unpaid = await seed({ email: 'guest@scope.test', status: 'pending_payment' });
    const paid = await seed({ email: 'paid@scope.test', status: 'payment_confirmed' });
    const refused = async (id: string, status: string) => {
      const res = await patch(`/api/admin/orders/${id}/status`, { status }, engineer);
      expect([status, res.status]).toEqual([status, 403]);
      expect((await res.json()).error).toBe(transitionNotForRole(status as OrderStatus));
    };
    await refused(unpaid.id, 'payment_confirmed');
    await refused(unpaid.id, 'cancelled');
    await refused(paid.id, 'cancelled');
    expect(
      (await ctx.db.knex('orders').whereIn('id', [unpaid.id, paid.id]).orderBy('customerEmail')).map((o) => [
        o.customerEmail,
        o.status,
        o.paidAt === null,
      ]),
    ).toEqual([
      ['guest@scope.test', 'pending_payment', true],
      ['paid@scope.test', 'payment_confirmed', false],
    ]);
    expect(await ctx.db.knex('orderStatusHistory').whereIn('orderId', [unpaid.id, paid.id])).toEqual([]);

    // The mastering moves stay theirs: start, master, reopen, and back out of a payment state never.
    for (const status of ['in_progress', 'mastered', 'in_progress', 'mastered'] as const) {
      expect([status, (await patch(`/api/admin/orders/${paid.id}/status`, { status }, engineer)).status]).toEqual([
        status,
        200,
      ]);
    }
    await patch(`/api/admin/orders/${paid.id}/status`, { status: 'in_progress' }, engineer);
    await refused(paid.id, 'payment_confirmed');
    await refused(paid.id, 'cancelled');
    // Admins keep the rest.
    expect((await patch(`/api/admin/orders/${unpaid.id}/status`, { status: 'payment_confirmed' }, admin)).status).toBe(
      200,
    );
    expect((await patch(`/api/admin/orders/${paid.id}/status`, { status: 'cancelled' }, admin)).status).toBe(200);
  });

  it('offers each role exactly its moves, from the one transition table', () => {
    expect(transitionsFor('admin', 'in_progress')).toEqual(
      ORDER_TRANSITIONS.in_progress.filter((s) => s !== 'refund_pending'),
    );
    expect(transitionsFor('engineer', 'pending_payment')).toEqual([]);
    expect(transitionsFor('engineer', 'payment_confirmed')).toEqual(['in_progress']);
    expect(transitionsFor('engineer', 'in_progress')).toEqual(['mastered']);
    expect(transitionsFor('engineer', 'mastered')).toEqual(['delivered', 'in_progress']);
    expect(transitionsFor('engineer', 'delivered')).toEqual(['in_progress']);
    expect(transitionsFor('customer', 'in_progress')).toEqual([]);
  });

  it('confirming a payment by hand starts the 48-hour clock', async () => {
    const order = await seed({ email: 'eft@orders.test', status: 'pending_payment' });
    const res = await patch(
      `/api/admin/orders/${order.id}/status`,
      { status: 'payment_confirmed', notes: 'EFT received' },
      admin,
    );
    const { order: updated } = AdminOrderResponse.parse(await res.json());
    const detail = AdminOrderDetail.parse(await (await get(`/api/admin/orders/${updated.id}`, admin)).json());
    expect(detail.order.paidAt).not.toBeNull();
    expect(detail.order.deadline).toBe('on_track');
  });

  it('cannot deliver while a file has no master, and queues no mail', async () => {
    const order = await seed({ email: 'early@orders.test', status: 'mastered' });
    const before = ctx.queued.length;
    const res = await patch(`/api/admin/orders/${order.id}/status`, { status: 'delivered' }, engineer);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(DELIVERY_NEEDS_MASTERS);
    expect(ctx.queued.length).toBe(before);
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ status: 'mastered' });
  });
});

describe('PATCH /api/admin/orders/:id/assignee', () => {
  it("lets an engineer take a free order and release it, but not take or release another engineer's", async () => {
    const order = await seed({ email: 'assign@orders.test' });
    const assign = (who: Person, assignee: string) =>
      patch(`/api/admin/orders/${order.id}/assignee`, { assignee }, who);
    let res = await assign(engineer, 'me');
    expect(res.status).toBe(200);
    expect(AdminOrderResponse.parse(await res.json()).order).toMatchObject({
      assignedTo: engineer.id,
      assignedToEmail: engineer.email,
    });
    res = await assign(otherEngineer, 'me');
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(`This order is already assigned to ${engineer.email}.`);
    expect((await assign(otherEngineer, 'nobody')).status).toBe(403);
    expect((await assign(engineer, 'somebody')).status).toBe(400);
    // An admin may reassign.
    expect((await assign(admin, 'me')).status).toBe(200);
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ assignedTo: admin.id });
  });
});

describe('GET /api/admin/orders/export', () => {
  it('streams the filtered list as CSV with a header row', async () => {
    const a = await seed({ email: 'csv.one@export.test', status: 'in_progress', totalCents: 12_345 });
    await seed({ email: 'csv.two@export.test', status: 'cancelled' });
    const res = await get('/api/admin/orders/export?q=export.test&status=in_progress', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: a.id,
      customerEmail: 'csv.one@export.test',
      status: 'in_progress',
      total: '123.45',
      fileCount: '1',
    });
    expect(rows[0]!.dueAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('neutralises a cell a spreadsheet would run as a formula', async () => {
    await seed({ email: '=cmd|calc@formula.test', status: 'in_progress' });
    const rows = parse(await (await get('/api/admin/orders/export?q=formula.test', admin)).text(), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((r) => r.customerEmail)).toEqual(["'=cmd|calc@formula.test"]);
  });
});
