import { describe, expect, it } from 'vitest';
import { OrderResponse, RefundRequestList } from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, signedInAs } from '../support';
import { paidOrder, placeOrder, refundingStorefrontPerFile } from '../purchase';

// Issue 51 Deliver 6: staff never hold a customer's order link (it acts as the customer for a year: ratings,
// requests, the invoice), and only admins decide a refund request.
const { sandbox, ctx } = refundingStorefrontPerFile();

const readOrder = (orderId: string, headers: Record<string, string>) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}`, { headers });

describe('GET /api/orders/:id', () => {
  it("gives the order page's link to the browser that placed the order and to no member of staff", async () => {
    const { orderId, cookie } = await placeOrder(ctx.site);
    const own = OrderResponse.parse(await (await readOrder(orderId, { cookie })).json());
    expect(own.orderPageUrl).toMatch(new RegExp(`^/orders/${orderId}\\?t=.+`));
    for (const role of ['engineer', 'admin'] as const) {
      const res = await readOrder(orderId, await signedInAs(role));
      expect(res.status).toBe(200);
      const raw = await res.text();
      expect(OrderResponse.parse(JSON.parse(raw)).order.id).toBe(orderId);
      expect(raw, role).not.toContain('orderPageUrl');
      expect(raw, role).not.toContain('?t=');
    }
  });
});

const tokenOf = (orderId: string) =>
  new URL(orderPageUrl(createOrderLinks(SECRET), 'http://x', orderId)).searchParams.get('t')!;

describe('answering a refund request', () => {
  it('is refused to an engineer (403, nothing recorded, nothing mailed) and done by an admin', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const asked = await fetch(`${ctx.site.base}/api/orders/${orderId}/refund-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenOf(orderId), message: 'The master clips.' }),
    });
    expect(asked.status).toBe(201);
    const list = await fetch(`${ctx.site.base}/api/admin/refund-requests?orderId=${orderId}`, {
      headers: await signedInAs('engineer'),
    });
    expect(list.status).toBe(200);
    const [open] = RefundRequestList.parse(await list.json());
    const answer = async (role: 'engineer' | 'admin') =>
      fetch(`${ctx.site.base}/api/admin/refund-requests/${open!.id}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await signedInAs(role)) },
        body: JSON.stringify({ decision: 'approved', answer: 'Refunded today.' }),
      });
    ctx.site.queued.length = 0;
    expect((await answer('engineer')).status).toBe(403);
    const untouched = await ctx.db.knex('refund_requests').where('id', open!.id).first();
    expect(untouched).toMatchObject({ decision: null, answer: null });
    expect(ctx.site.queued).toEqual([]);
    expect((await answer('admin')).status).toBe(200);
  });
});
