// The plain customer list is built as JSON by PostgreSQL (plainCustomerList); the pages still map
// rows in JS (toRow). The two must give the same rows in the same order for every sort, direction,
// status and search, over customers chosen to catch a difference: names padded with each kind of
// white space JS trims, one name only, amounts whose average rounds half up, times with microseconds.
// And the SQL name rule must be displayName for any names (fast-check).
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  CUSTOMER_SORTS,
  CustomerList,
  CustomerPage,
  displayName,
  type OrderStatus,
  type Role,
} from '@mastering/contracts';
import { NAME_SQL } from '../../src/customers/service';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const ADMIN_ID = '0c1d2e3f-4a5b-4c6d-8e7f-901234567891';
const as = (role: Role) => identityAs(role, ADMIN_ID, 'boss@plain-list.example');
const json = async (path: string) => {
  const res = await fetch(`${ctx.base}${path}`, { headers: await as('admin') });
  expect(res.status).toBe(200);
  return res.json();
};

const NAMES: [string | null, string | null][] = [
  ['Thandi', 'Nkosi'],
  ['\u00a0Sipho ', '\tDlamini\n'],
  ['Lerato', null],
  [null, 'Mokoena'],
  ['  ', 'Zulu'],
  ['\ufeff', '\u3000'],
  ['', ''],
  ['Ayanda', '\u2028'],
];

beforeAll(async () => {
  const knex = ctx.db.knex;
  await knex('users').insert({ id: ADMIN_ID, email: 'boss@plain-list.example', role: 'admin' });
  await knex('users').insert(
    NAMES.map(([firstName, lastName], i) => ({
      email: `Person${i}@Plain-List.example`,
      firstName,
      lastName,
      role: 'customer',
    })),
  );
  // Totals in cents: 1 + 2 over two paid orders averages 1.5 cents (rounds up); 333 over three is 111.
  const orders: [string, OrderStatus, number, number][] = [
    ['person0@plain-list.example', 'delivered', 1, 3],
    ['person0@plain-list.example', 'in_progress', 2, 1],
    ['person1@plain-list.example', 'delivered', 111, 5],
    ['person1@plain-list.example', 'mastered', 111, 4],
    ['person1@plain-list.example', 'payment_confirmed', 111, 2],
    ['person2@plain-list.example', 'pending_payment', 50_000, 6],
    ['person3@plain-list.example', 'delivered', 250_001, 7],
    ['person4@plain-list.example', 'cancelled', 999, 8],
    ['person5@plain-list.example', 'delivered', 49_900, 9],
    ['guest@plain-list.example', 'delivered', 12_345, 10],
    ['@plain-list.example', 'delivered', 7, 11],
    ['person7@plain-list.example', 'delivered', 49_900, 9],
  ];
  for (const [email, status, totalCents, days] of orders)
    await seedOrder(knex, { email, status, totalCents, at: ago(days) });
  // Microseconds the driver's Date cuts off, different per order.
  await knex.raw(
    `update orders set created_at = created_at + (abs(hashtext(id::text)) % 1000000) * interval '1 microsecond'`,
  );
});

/** Every row the pages of 7 give, one page after another. */
async function allPages(query: string): Promise<unknown[]> {
  const items: unknown[] = [];
  for (let offset = 0; ; offset += 7) {
    const page = CustomerPage.parse(await json(`/api/admin/customers?${query}&offset=${offset}&limit=7`));
    items.push(...page.items);
    if (offset + 7 >= page.count) return items;
  }
}

const QUERIES = [
  ...CUSTOMER_SORTS.flatMap((sort) => ['asc', 'desc'].map((dir) => `sort=${sort}&dir=${dir}`)),
  ...['vip', 'active', 'inactive'].map((status) => `status=${status}`),
  'q=PERSON1',
  'q=nobody',
];

it.each(QUERIES)('gives the rows the pages give for %s', async (query) => {
  const plain = CustomerList.parse(await json(`/api/admin/customers?${query}`));
  expect(plain).toEqual(await allPages(query));
});

it('lists the customers with the figures toRow gives them', async () => {
  const plain = CustomerList.parse(await json('/api/admin/customers?sort=email&dir=asc'));
  const person0 = plain.find((c) => c.email === 'person0@plain-list.example');
  expect(person0).toMatchObject({ name: 'Thandi Nkosi', totalOrders: 2, totalSpent: 0.03, averageOrderValue: 0.02 });
  expect(plain.find((c) => c.email === 'person1@plain-list.example')).toMatchObject({
    name: 'Sipho Dlamini',
    averageOrderValue: 1.11,
  });
  expect(plain.find((c) => c.email === '@plain-list.example')?.name).toBeNull();
  expect(person0?.lastOrderDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

it('names a customer in SQL as displayName does, for any names', async () => {
  const text = fc.oneof(
    fc.constant(null),
    fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '\u180e', '@', 'é'),
      maxLength: 5,
    }),
  );
  const email = fc.string({ unit: fc.constantFrom('a', '@', '.', ' '), maxLength: 6 });
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(text, text, email), { minLength: 1, maxLength: 30 }), async (people) => {
      const { rows } = await ctx.db.knex.raw(
        `select ${NAME_SQL} as name from unnest(?::text[], ?::text[], ?::text[]) as c(first_name, last_name, email)`,
        // Arrays with nulls: knex's types know only arrays of values.
        [people.map((p) => p[0]), people.map((p) => p[1]), people.map((p) => p[2])] as unknown as string[][],
      );
      const expected = people.map(([firstName, lastName, mail]) =>
        firstName || lastName ? displayName({ firstName, lastName, email: mail }) : null,
      );
      expect(rows.map((r: { name: string | null }) => r.name)).toEqual(expected);
    }),
    { numRuns: 80 },
  );
});
