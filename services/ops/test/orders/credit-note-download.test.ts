import { describe, expect, it } from 'vitest';
import { issueCreditNote, issueInvoice, pdfText } from '@mastering/orders';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

// Issue 50: the admin order dialog downloads each refund's credit note.
const ctx = opsPerFile();
const get = async (path: string, role: 'admin' | 'engineer' | 'customer' | null) =>
  fetch(`${ctx.base}${path}`, { headers: role ? await identityAs(role) : {} });

describe('GET /api/admin/orders/:id/credit-notes/:creditNoteId', () => {
  it("sends an order's credit note as a PDF to staff; 404 for another order's, 401/403 for others", async () => {
    const seed = (email: string) =>
      seedOrder(ctx.db.knex, { email, status: 'payment_confirmed', totalCents: 32_400, at: ago(1) });
    const orderId = await seed('credit@example.co.za');
    const other = await seed('other@example.co.za');
    const note = await ctx.db.knex.transaction(async (trx) => {
      await issueInvoice(trx, orderId);
      return issueCreditNote(trx, { orderId, amountCents: 10_000, reason: 'Late delivery' });
    });
    const path = `/api/admin/orders/${orderId}/credit-notes/${note.id}`;
    const res = await get(path, 'engineer');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${note.number}.pdf`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Credit Note');
    expect(text).toContain('Refund: Late delivery');
    expect((await get(`/api/admin/orders/${other}/credit-notes/${note.id}`, 'admin')).status).toBe(404);
    expect((await get(`/api/admin/orders/${orderId}/credit-notes/not-an-id`, 'admin')).status).toBe(400);
    expect((await get(path, 'customer')).status).toBe(403);
    expect((await get(path, null)).status).toBe(401);
  });
});
