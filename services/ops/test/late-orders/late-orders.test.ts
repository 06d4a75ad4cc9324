// Keeps promises "delivery-within-hours" and "delayed-order-within-24-hours" (packages/contracts/src/promises.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import type { Queue } from '@mastering/jobs';
import { notifyDelayedOrders, sendOverdueDigest } from '../../src/late-orders/job';
import { setExpectedAt } from '../../src/orders/assignment';
import { ago, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// Late orders (issue 25 Deliver 5): the delayed mail once per order, the admins' digest once a day.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
const queued: { name: string; data: any }[] = [];
const queue = {
  now: async (name: string, data: unknown) => (queued.push({ name, data }), { attrs: { _id: '1' } }),
} as unknown as Queue;
const deps = () => ({ knex: db.knex, queue, storefront: owner.writes });
/** The engineer who sets an expected time. */
const ENGINEER = { userId: randomUUID(), email: 'eng@example.com', role: 'engineer', sessionId: 's' } as const;
const mails = (template: string) => queued.filter((j) => j.data.template === template);

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex, queue);
  await db.knex('users').insert([
    { email: 'boss@example.com', role: 'admin', isActive: true },
    { email: 'gone@example.com', role: 'admin', isActive: false },
    { email: 'eng@example.com', role: 'engineer', isActive: true },
  ]);
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
});
beforeEach(async () => {
  queued.length = 0;
  await db.knex('orders').delete();
  await db.knex('admin_digests').delete();
});

describe('late orders', () => {
  it('tells the customer of an overdue paid order once, with the engineer’s new time when set', async () => {
    const late = await seedOrder(db.knex, {
      email: 'late@example.com',
      status: 'in_progress',
      totalCents: 32_400,
      at: ago(2, 1),
    });
    const promised = await seedOrder(db.knex, {
      email: 'set@example.com',
      status: 'mastered',
      totalCents: 32_400,
      at: ago(3),
    });
    // The engineer says when it will be ready, past the promise: the customer is told at once, with the time.
    const expectedAt = new Date(Date.now() + 6 * 3_600_000);
    await setExpectedAt(deps(), promised, { expectedAt: expectedAt.toISOString() }, ENGINEER);
    expect(mails('order-delayed').map((j) => j.data.data.estimatedCompletion)).toEqual([expectedAt.toISOString()]);
    await seedOrder(db.knex, {
      email: 'fresh@example.com',
      status: 'payment_confirmed',
      totalCents: 32_400,
      at: ago(1),
    });
    await seedOrder(db.knex, { email: 'done@example.com', status: 'delivered', totalCents: 32_400, at: ago(5) });
    await seedOrder(db.knex, {
      email: 'unpaid@example.com',
      status: 'pending_payment',
      totalCents: 32_400,
      at: ago(5),
    });

    expect(await notifyDelayedOrders(deps())).toBe(1);
    expect(await notifyDelayedOrders(deps())).toBe(0);
    const sent = mails('order-delayed').map((j) => j.data);
    expect(sent).toHaveLength(2);
    expect(sent.find((d) => d.to === 'late@example.com')).toMatchObject({ orderId: late, data: { orderId: late } });
    expect(sent.find((d) => d.to === 'late@example.com').data.estimatedCompletion).toBeUndefined();
    expect(sent.find((d) => d.to === 'set@example.com').data.estimatedCompletion).toBe(expectedAt.toISOString());
  });

  it('sends two runs at once the mail only once', async () => {
    await seedOrder(db.knex, { email: 'late@example.com', status: 'in_progress', totalCents: 32_400, at: ago(3) });
    const counts = await Promise.all([notifyDelayedOrders(deps()), notifyDelayedOrders(deps())]);
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    expect(mails('order-delayed')).toHaveLength(1);
  });

  it('mails the active admins one digest a day listing the overdue orders, none when nothing is late', async () => {
    expect(await sendOverdueDigest(deps())).toBe(false);
    const late = await seedOrder(db.knex, {
      email: 'late@example.com',
      status: 'in_progress',
      totalCents: 32_400,
      at: ago(3),
    });
    expect(await sendOverdueDigest(deps())).toBe(true);
    expect(await sendOverdueDigest(deps())).toBe(false);
    const digests = mails('overdue-digest');
    expect(digests.map((j) => j.data.to)).toEqual(['boss@example.com']);
    expect(digests[0]!.data.data).toMatchObject({
      count: 1,
      orders: [{ orderId: late, shortId: late.slice(0, 8), customerEmail: 'late@example.com', status: 'In Progress' }],
    });
    // The next day sends again.
    expect(await sendOverdueDigest(deps(), new Date(Date.now() + 86_400_000))).toBe(true);
  });
});
