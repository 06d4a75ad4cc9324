// The total of a searched orders page is read from the customer summaries (the orders of the matching
// addresses) plus the orders only their id matches: it must equal the orders the search finds.
import { beforeAll, expect, it } from 'vitest';
import { AdminOrderList, AdminOrderPage } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, orderRow, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
let admin: Person;
beforeAll(async () => {
  ({ admin } = await cast(ctx.db.knex, 'search-total.test'));
  const order = (id: string, customerEmail: string, status = 'payment_confirmed') =>
    orderRow(customerEmail, status, { id });
  await ctx.db.knex('orders').insert([
    // Two orders of one address in two capitalisations: one summary row counts both.
    order('ab000000-0000-4000-8000-000000000001', 'Thabo@Search.test'),
    order('ab000000-0000-4000-8000-000000000002', 'thabo@search.test', 'pending_payment'),
    // Found by its id alone (its address does not contain "ab"), and by address and id at once.
    order('ab000000-0000-4000-8000-000000000003', 'lerato@search.test', 'delivered'),
    order('ab000000-0000-4000-8000-000000000004', 'abongile@search.test'),
    order('cd000000-0000-4000-8000-000000000005', 'Zanele_ab@search.test', 'cancelled'),
    order('cd000000-0000-4000-8000-000000000006', 'sipho@search.test'),
  ]);
});

const get = async (query: string) =>
  (await fetch(`${ctx.base}/api/admin/orders?${query}`, { headers: json(admin) })).json();

it.each(['ab', 'AB', 'thabo', 'ab000000', 'cd', 'search.test', '_ab', 'nobody'])(
  'counts what the search %s finds, page by page',
  async (q) => {
    const found = AdminOrderList.parse(await get(`q=${encodeURIComponent(q)}`));
    const page = AdminOrderPage.parse(await get(`q=${encodeURIComponent(q)}&page=1&pageSize=2`));
    expect(page.total).toBe(found.length);
    expect(page.items.map((o) => o.id)).toEqual(found.slice(0, 2).map((o) => o.id));
  },
);

it.each(['payment_confirmed', 'pending_payment', 'delivered', 'cancelled', 'in_progress', 'all'])(
  'counts the status filter %s alone (from the kept totals) as its list has it',
  async (status) => {
    const found = AdminOrderList.parse(await get(`status=${status}`));
    expect(AdminOrderPage.parse(await get(`status=${status}&page=1&pageSize=1`)).total).toBe(found.length);
  },
);

it('counts a search with a status filter the same way', async () => {
  const found = AdminOrderList.parse(await get('q=ab&status=payment_confirmed'));
  expect(found).toHaveLength(2);
  expect(AdminOrderPage.parse(await get('q=ab&status=payment_confirmed&page=1')).total).toBe(2);
});
