import { describe, expect, it } from 'vitest';
import { recordingQueue } from '@mastering/service-kit/testing';
import type { Queue } from '@mastering/jobs';
import { notifyDelayedOrders } from '../src/late-orders/job';
import { assignOrder } from '../src/orders/assignment';
import { ownerCalls } from '../src/owner-calls';
import { storefrontWritesOverHttp } from '../src/storefront-writes';
import { ago, SECRET, seedOrder, storefrontOwnerPerFile } from './support';

// Issue 52: ops changes the storefront's orders only by calling it. A call that fails is never
// dropped: a staff action answers the error, a timer job's run fails and its next run asks again.
const { queue: recording, queued } = recordingQueue();
const queue = recording as unknown as Queue;
const ctx = storefrontOwnerPerFile(queue);
/** A storefront that does not answer (nothing listens on the discard port). */
const down = storefrontWritesOverHttp(ownerCalls('storefront', { url: 'http://127.0.0.1:9', keys: SECRET }));
const engineer = {
  userId: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'e@x.test',
  role: 'engineer',
  sessionId: 's',
} as const;

describe('writes through the storefront', () => {
  it('a late-orders run whose call fails fails, tells nobody, and the next run tells the customer once', async () => {
    const id = await seedOrder(ctx.db.knex, { email: 'late@x.test', status: 'in_progress', totalCents: 1, at: ago(3) });
    await expect(notifyDelayedOrders({ knex: ctx.db.knex, queue, storefront: down })).rejects.toThrow();
    expect((await ctx.db.knex('orders').where({ id }).first()).delayNotifiedAt).toBeNull();

    expect(await notifyDelayedOrders({ knex: ctx.db.knex, queue, storefront: ctx.writes })).toBe(1);
    expect(await notifyDelayedOrders({ knex: ctx.db.knex, queue, storefront: ctx.writes })).toBe(0);
    expect(queued.filter((j) => j.data.template === 'order-delayed').map((j) => j.data.to)).toEqual(['late@x.test']);
  });

  it("a staff action answers the storefront's failure (502) or its refusal as it is, and changes nothing", async () => {
    const id = await seedOrder(ctx.db.knex, { email: 'held@x.test', status: 'in_progress', totalCents: 1, at: ago(1) });
    await expect(
      assignOrder({ knex: ctx.db.knex, storefront: down }, id, { assignee: 'me' }, engineer),
    ).rejects.toMatchObject({
      status: 502,
    });
    const other = { ...engineer, userId: '9c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' };
    await ctx.db.knex('users').insert([
      { id: engineer.userId, email: engineer.email, role: 'engineer' },
      { id: other.userId, email: 'other@x.test', role: 'engineer' },
    ]);
    await assignOrder({ knex: ctx.db.knex, storefront: ctx.writes }, id, { assignee: 'me' }, other);
    await expect(
      assignOrder({ knex: ctx.db.knex, storefront: ctx.writes }, id, { assignee: 'me' }, engineer),
    ).rejects.toMatchObject({ status: 409 });
    expect((await ctx.db.knex('orders').where({ id }).first()).assignedTo).toBe(other.userId);
  });
});
