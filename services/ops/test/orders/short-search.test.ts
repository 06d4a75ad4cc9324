// A search shorter than a trigram (which the trigram index cannot serve) must find exactly the orders
// the plain condition finds (any capitalisation, wildcards taken literally, an id by its start), in
// the list's order, and count them the same (the total comes from the customer summaries).
import { beforeAll, expect, it } from 'vitest';
import { AdminOrderList, AdminOrderPage } from '@mastering/contracts';
import { likeContains } from '@mastering/db';
import { matchAddresses } from '../../src/orders/search';
import { opsPerFile } from '../support';
import { cast, json, orderRow, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
let admin: Person;
beforeAll(async () => {
  ({ admin } = await cast(ctx.db.knex, 'short-search.test'));
  const order = (id: string, customerEmail: string, minutesAgo: number, status = 'payment_confirmed') =>
    orderRow(customerEmail, status, { id, createdAt: new Date(Date.now() - minutesAgo * 60_000) });
  await ctx.db
    .knex('orders')
    .insert([
      order('5a000000-0000-4000-8000-000000000001', 'Thabo@Short.test', 1),
      order('5a000000-0000-4000-8000-000000000002', 'thabo@short.test', 2, 'pending_payment'),
      order('12000000-0000-4000-8000-000000000003', 'ZAne_5A@Short.test', 3, 'cancelled'),
      order('12000000-0000-4000-8000-000000000004', 'sipho%x@short.test', 4),
      order('34000000-0000-4000-8000-000000000005', 'lerato@short.test', 5, 'delivered'),
    ]);
});

const get = async (query: string) =>
  (await fetch(`${ctx.base}/api/admin/orders?${query}`, { headers: json(admin) })).json();

/** The orders the plain condition finds (address contains q in any capitalisation, or id starts with it), newest first. */
async function expected(q: string): Promise<string[]> {
  const rows = await ctx.db
    .knex('orders')
    .whereRaw('lower(customer_email) like ?', [likeContains(q.toLowerCase())])
    // likeContains without its leading % : "starts with", wildcards escaped.
    .orWhereRaw('id::text like ?', [likeContains(q.toLowerCase()).slice(1)])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .select('id');
  return rows.map((r) => r.id as string);
}

// Longer ones too: the address part is asked of the customer summaries whatever the length.
it.each([
  '5a',
  '5A',
  'ab',
  'e_',
  '%x',
  '_',
  '%',
  'sh',
  '12',
  'zz',
  'thabo@',
  'ane_5a',
  'o%x@',
  '5a000000-0000-4',
  'short.test',
  'nobody',
])('finds what the plain search %s finds', async (q) => {
  const want = await expected(q);
  const found = AdminOrderList.parse(await get(`q=${encodeURIComponent(q)}`));
  expect(found.map((o) => o.id)).toEqual(want);
  const page = AdminOrderPage.parse(await get(`q=${encodeURIComponent(q)}&page=1&pageSize=2`));
  expect(page.items.map((o) => o.id)).toEqual(want.slice(0, 2));
  expect(page.total).toBe(want.length);
});

it('finds by a short search among the orders of one status only', async () => {
  const found = AdminOrderList.parse(await get('q=th&status=payment_confirmed'));
  expect(found.map((o) => o.id)).toEqual(['5a000000-0000-4000-8000-000000000001']);
});

// A search matching more addresses than a list may carry is matched inside the queries instead: the
// same orders and the same count either way (here with lists of at most 0 and 1 addresses).
it.each(['short.test', 'thabo', 'ab', 'nobody'])('matches %s the same with or without the address list', async (q) => {
  const ordersOf = async (listed?: number) => {
    const addresses = await matchAddresses(ctx.db.knex, q, listed);
    const rows = await ctx.db
      .knex('orders')
      .whereRaw(...addresses.where('customer_email'))
      .orderBy('id')
      .select('id');
    return { ids: rows.map((r) => r.id as string), orders: await addresses.orders() };
  };
  const listed = await ordersOf();
  expect(listed.orders).toBe(listed.ids.length);
  expect(await ordersOf(0)).toEqual(listed);
  expect(await ordersOf(1)).toEqual(listed);
});
