import { describe, expect, it } from 'vitest';
import { TOO_MANY_DATA_DOWNLOADS, TOO_MANY_REFUND_REQUESTS } from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { REQUEST_LIMITS } from '../src/request-limits';
import { placeOrder } from './purchase';
import { SECRET, signedInAs, storefrontPerFile } from './support';

// Issue 51 Deliver 11: refund requests are limited per order link, data downloads per address; each counted
// only once the caller's proof holds, so a stranger cannot use up the owner's share.
const users: Record<string, string> = {};
const ctx = storefrontPerFile(
  () => ({}),
  async (db) => {
    for (const email of ['thandi@example.com', 'bongani@example.com']) {
      const [user] = await db.knex('users').insert({ email, role: 'customer' }).returning('id');
      users[email] = user.id;
    }
  },
);

const tokenOf = (orderId: string) =>
  new URL(orderPageUrl(createOrderLinks(SECRET), 'http://x', orderId)).searchParams.get('t')!;
const askRefund = (orderId: string, token: string) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}/refund-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, message: 'Please refund me.' }),
  });
const requestsOf = async (orderId: string) => (await ctx.db.knex('refund_requests').where('order_id', orderId)).length;

describe('POST /api/orders/:id/refund-request', () => {
  it("takes the day's requests of one order, then 429 with Retry-After and nothing recorded; other orders unaffected", async () => {
    const { orderId } = await placeOrder(ctx.site);
    const { orderId: other } = await placeOrder(ctx.site);
    // Forged links are refused (403) and use up nothing of the order's share.
    for (let i = 0; i < REQUEST_LIMITS.refundRequestsPerOrderPerDay + 2; i += 1)
      expect((await askRefund(orderId, `${tokenOf(orderId)}x`)).status).toBe(403);
    for (let i = 0; i < REQUEST_LIMITS.refundRequestsPerOrderPerDay; i += 1)
      expect((await askRefund(orderId, tokenOf(orderId))).status).toBe(201);
    const refused = await askRefund(orderId, tokenOf(orderId));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(TOO_MANY_REFUND_REQUESTS);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await requestsOf(orderId)).toBe(REQUEST_LIMITS.refundRequestsPerOrderPerDay);
    expect((await askRefund(other, tokenOf(other))).status).toBe(201);
  });
});

describe('GET /api/your-data', () => {
  const download = async (email: string) =>
    fetch(`${ctx.site.base}/api/your-data`, { headers: await signedInAs('customer', users[email]) });

  it("takes the hour's downloads of one address, then 429 with the message; another address is unaffected", async () => {
    for (let i = 0; i < REQUEST_LIMITS.dataDownloadsPerAddressPerHour; i += 1)
      expect((await download('thandi@example.com')).status).toBe(200);
    const refused = await download('thandi@example.com');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(TOO_MANY_DATA_DOWNLOADS);
    expect((await download('bongani@example.com')).status).toBe(200);
    // Without a proof it is still 401, counted under no address.
    expect((await fetch(`${ctx.site.base}/api/your-data`)).status).toBe(401);
  });
});
