import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderResponse, EXPECTED_AT_INVALID } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';

// Issue 25: the engineer's expected time, saved to orders.expected_at (the late-orders mail quotes it).
const ctx = opsPerFile();
let engineer: Person, customer: Person;
beforeAll(async () => {
  ({ engineer, customer } = await cast(ctx.db.knex, 'expected.test'));
});

const setExpected = (orderId: string, body: unknown, who?: Person) =>
  fetch(`${ctx.base}/api/admin/orders/${orderId}/expected-at`, {
    method: 'PATCH',
    headers: json(who),
    body: JSON.stringify(body),
  });
const storedOf = async (orderId: string) =>
  (await ctx.db.knex('orders').where('id', orderId).first()).expectedAt as Date | null;

describe('PATCH /api/admin/orders/:id/expected-at', () => {
  it('saves the expected time for staff, shows it on the order, and clears it with null', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'expected@expected.test' });
    const res = await setExpected(order.id, { expectedAt: '2026-11-26T15:30:00+02:00' }, engineer);
    expect(res.status).toBe(200);
    expect(AdminOrderResponse.parse(await res.json()).order.expectedAt).toBe('2026-11-26T13:30:00.000Z');
    expect((await storedOf(order.id))?.toISOString()).toBe('2026-11-26T13:30:00.000Z');
    expect((await setExpected(order.id, { expectedAt: null }, engineer)).status).toBe(200);
    expect(await storedOf(order.id)).toBeNull();
  });

  it('refuses a bad time and customers, changing nothing', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'bad@expected.test' });
    const bad = await setExpected(order.id, { expectedAt: 'tomorrow' }, engineer);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(EXPECTED_AT_INVALID);
    expect((await setExpected(order.id, { expectedAt: '2026-11-26T15:30:00Z' }, customer)).status).toBe(403);
    expect(await storedOf(order.id)).toBeNull();
  });
});
