import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderResponse } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';

// Revocable order links (issue 51 Deliver 8): an admin moves the order's link generation on (the
// storefront then refuses every earlier link: services/storefront/test/order-page) and the customer
// is mailed the one that works now, only if the revocation holds.
const ctx = opsPerFile();
let admin: Person, engineer: Person;
beforeAll(async () => {
  ({ admin, engineer } = await cast(ctx.db.knex, 'revoke-links.test'));
});

const revoke = (id: string, who?: Person) =>
  fetch(`${ctx.base}/api/admin/orders/${id}/revoke-links`, { method: 'POST', headers: json(who) });

describe('POST /api/admin/orders/:id/revoke-links', () => {
  it('moves the link generation on and mails the customer the new link, once per revocation', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'fan@revoke-links.test', status: 'delivered' });
    ctx.queued.length = 0;
    const res = await revoke(order.id, admin);
    expect(res.status).toBe(200);
    expect(AdminOrderResponse.parse(await res.json()).order.id).toBe(order.id);
    expect((await ctx.db.knex('orders').where({ id: order.id }).first()).linkVersion).toBe(1);
    expect((await revoke(order.id, admin)).status).toBe(200);
    expect((await ctx.db.knex('orders').where({ id: order.id }).first()).linkVersion).toBe(2);
    const mails = ctx.queued.filter((j) => j.data.template === 'order-link-renewed');
    expect(mails.map((j) => [j.data.to, j.data.orderId])).toEqual([
      ['fan@revoke-links.test', order.id],
      ['fan@revoke-links.test', order.id],
    ]);
    // Sent only once the revocation commits (the mail worker waits for its transaction).
    expect(mails[0]!.data.afterTransaction).toMatch(/^\d+$/);
  });

  it('is for admins only, and answers 404 for no order, changing nothing', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'other@revoke-links.test', status: 'delivered' });
    ctx.queued.length = 0;
    expect((await revoke(order.id)).status).toBe(401);
    expect((await revoke(order.id, engineer)).status).toBe(403);
    expect((await revoke('00000000-0000-4000-8000-00000000abcd', admin)).status).toBe(404);
    expect((await ctx.db.knex('orders').where({ id: order.id }).first()).linkVersion).toBe(0);
    expect(ctx.queued).toHaveLength(0);
  });
});
