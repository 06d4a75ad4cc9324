// The overdue total and counters are read from the kept status totals less the open orders paid within
// the last 48 hours or never stamped (overdueCount): they must equal the overdue orders the list finds
// (open, paid at or before 48 hours ago), for every status filter, and the due-soon counter the due-soon list.
import { beforeAll, expect, it } from 'vitest';
import { AdminOrderList, AdminOrderPage, ORDER_STATUSES } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, orderRow, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
const HOUR = 3_600_000;
let admin: Person;
beforeAll(async () => {
  ({ admin } = await cast(ctx.db.knex, 'overdue-total.test'));
  let n = 0;
  const order = (status: string, paidHoursAgo: number | null) =>
    orderRow(`buyer${(n += 1)}@overdue-total.test`, status, {
      paidAt: paidHoursAgo === null ? null : new Date(Date.now() - paidHoursAgo * HOUR),
    });
  await ctx.db.knex('orders').insert([
    // Overdue: open and paid more than 48 hours ago.
    order('payment_confirmed', 49),
    order('in_progress', 100),
    order('in_progress', 48.1),
    order('mastered', 500),
    // Not overdue: paid within 48 hours (two due soon), never stamped, or no longer open.
    order('in_progress', 47.9),
    order('payment_confirmed', 40),
    order('mastered', 2),
    order('in_progress', null),
    order('pending_payment', null),
    order('delivered', 300),
    order('cancelled', 90),
  ]);
});

const get = async (query: string) =>
  (await fetch(`${ctx.base}/api/admin/orders?${query}`, { headers: json(admin) })).json();

it.each(['all', ...ORDER_STATUSES])(
  'counts the overdue orders with status %s as the list finds them',
  async (status) => {
    const found = AdminOrderList.parse(await get(`deadline=overdue&status=${status}`));
    const page = AdminOrderPage.parse(await get(`deadline=overdue&status=${status}&page=1&pageSize=2`));
    expect(page.total).toBe(found.length);
    expect(page.items.map((o) => o.id)).toEqual(found.slice(0, 2).map((o) => o.id));
  },
);

it('counts overdue and due-soon orders in the counters as the lists find them', async () => {
  const overdue = AdminOrderList.parse(await get('deadline=overdue'));
  const dueSoon = AdminOrderList.parse(await get('deadline=due_soon'));
  expect(overdue).toHaveLength(4);
  expect(dueSoon).toHaveLength(2);
  const { counts } = AdminOrderPage.parse(await get('page=1'));
  expect(counts).toMatchObject({ overdue: 4, dueSoon: 2 });
});
