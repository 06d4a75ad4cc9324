import { beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_REQUEST_AFTER_DAYS, type OrderStatus } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { requestFeedback } from '../../src/ratings/feedback-job';
import { ago, seedOrder, storefrontOwnerPerFile } from '../support';

// The "Feedback request" mail: once per order, a few days after delivery, never to a rated order.
const queued: { name: string; data: any }[] = [];
const queue = {
  now: async (name: string, data: unknown) => (queued.push({ name, data }), { attrs: { _id: '1' } }),
} as unknown as Queue;
const ctx = storefrontOwnerPerFile(queue);
const deps = () => ({ knex: ctx.db.knex, queue, storefront: ctx.writes });

beforeEach(async () => {
  queued.length = 0;
  await ctx.db.knex('orders').delete();
});

/** An order in `status` whose last delivery was `deliveredDaysAgo` days ago. */
async function delivered(email: string, deliveredDaysAgo: number, status: OrderStatus = 'delivered') {
  const id = await seedOrder(ctx.db.knex, { email, status, totalCents: 49_900, at: ago(deliveredDaysAgo + 2) });
  await ctx.db.knex('orderStatusHistory').insert({
    orderId: id,
    fromStatus: 'mastered',
    toStatus: 'delivered',
    createdAt: ago(deliveredDaysAgo),
  });
  return id;
}

describe('feedback requests', () => {
  it('asks each delivered, unrated order once, a few days after its delivery', async () => {
    const due = await delivered('due@example.com', FEEDBACK_REQUEST_AFTER_DAYS + 1);
    await delivered('fresh@example.com', FEEDBACK_REQUEST_AFTER_DAYS - 1);
    const rated = await delivered('rated@example.com', FEEDBACK_REQUEST_AFTER_DAYS + 1);
    await ctx.db.knex('orderRatings').insert({ orderId: rated, stars: 4 });
    await delivered('revising@example.com', FEEDBACK_REQUEST_AFTER_DAYS + 1, 'revision_requested');

    expect(await requestFeedback(deps())).toBe(1);
    expect(queued.map((j) => [j.data.template, j.data.to, j.data.orderId])).toEqual([
      ['feedback-request', 'due@example.com', due],
    ]);
    // A rerun (or a second worker) asks nobody again.
    expect(await requestFeedback(deps())).toBe(0);
    expect(queued).toHaveLength(1);
  });
});
