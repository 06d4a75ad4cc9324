import { describe, expect, it } from 'vitest';
import { issueInvoice } from '@mastering/orders';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const get = async (path: string, role: 'admin' | 'engineer' | null) =>
  fetch(`${ctx.base}${path}`, { headers: role ? await identityAs(role) : {} });

describe('GET /api/admin/orders/:id/invoice', () => {
  it("sends a paid order's invoice as a PDF to staff, 404 while unpaid, 401 signed out", async () => {
    const paid = await seedOrder(ctx.db.knex, {
      email: 'pdf@example.co.za',
      status: 'payment_confirmed',
      totalCents: 32_400,
      at: ago(1),
    });
    const unpaid = await seedOrder(ctx.db.knex, {
      email: 'later@example.co.za',
      status: 'pending_payment',
      totalCents: 32_400,
      at: ago(1),
    });
    await ctx.db.knex.transaction((trx) => issueInvoice(trx, paid));
    const res = await get(`/api/admin/orders/${paid}/invoice`, 'engineer');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('INV-000001.pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await get(`/api/admin/orders/${unpaid}/invoice`, 'admin')).status).toBe(404);
    expect((await get(`/api/admin/orders/${paid}/invoice`, null)).status).toBe(401);
  });
});
