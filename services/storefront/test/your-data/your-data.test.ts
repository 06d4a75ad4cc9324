import { describe, expect, it } from 'vitest';
import { DELETION_REQUESTED } from '@mastering/contracts';
import { signedInAs, storefrontPerFile } from '../support';

// POPIA rights, the customer's side (issue 26 Deliver 5): a session (a login code mailed to the
// address) downloads every row about that address and asks for deletion once.
let userId = '';
const ctx = storefrontPerFile(
  () => ({}),
  async (db) => {
    const [user] = await db.knex('users').insert({ email: 'ayanda@example.com', role: 'customer' }).returning('id');
    userId = user.id;
    const [order] = await db
      .knex('orders')
      .insert({
        customerEmail: 'Ayanda@example.com',
        status: 'delivered',
        unitPriceCents: 32_400,
        trackCount: 1,
        subtotalCents: 32_400,
        totalCents: 32_400,
      })
      .returning('id');
    // A mail to Ayanda and a staff notice about her order (issue 51 finding 7: only the first is hers).
    const mail = { fromEmail: 'studio@example.com', orderId: order.id };
    await db.knex('emailMessages').insert([
      { ...mail, toEmail: 'ayanda@example.com', subject: 'Your master is ready' },
      { ...mail, toEmail: 'admin@studio.example', subject: 'New paid order', text: 'Internal: check the mix' },
    ]);
    await db.knex('orders').insert({
      customerEmail: 'someone@example.com',
      status: 'delivered',
      unitPriceCents: 32_400,
      trackCount: 1,
      subtotalCents: 32_400,
      totalCents: 32_400,
    });
  },
);
const as = async () => signedInAs('customer', userId);

describe('your data', () => {
  it('needs a session', async () => {
    expect((await fetch(`${ctx.site.base}/api/your-data`)).status).toBe(401);
    expect((await fetch(`${ctx.site.base}/api/your-data/deletion`, { method: 'POST' })).status).toBe(401);
  });

  it('downloads the signed-in address’s rows as a JSON attachment, nobody else’s', async () => {
    const res = await fetch(`${ctx.site.base}/api/your-data`, { headers: await as() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('your-data.json');
    const data = await res.json();
    expect(data.email).toBe('ayanda@example.com');
    expect(data.orders.map((o: { customerEmail: string }) => o.customerEmail)).toEqual(['Ayanda@example.com']);
    expect(data.users).toHaveLength(1);
    expect(data.emailMessages.map((m: { subject: string }) => m.subject)).toEqual(['Your master is ready']);
    expect(JSON.stringify(data)).not.toMatch(/admin@studio|Internal: check the mix/);
  });

  it('records one deletion request however often asked', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${ctx.site.base}/api/your-data/deletion`, { method: 'POST', headers: await as() });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: DELETION_REQUESTED });
    }
    expect(await ctx.db.knex('deletionRequests').select('email')).toEqual([{ email: 'ayanda@example.com' }]);
  });
});
