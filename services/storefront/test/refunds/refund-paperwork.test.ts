import { describe, expect, it } from 'vitest';
import {
  CustomerOrderView,
  ORDER_LINK_INVALID,
  Refund,
  mailParamsProblem,
  REFUND_REQUEST_ALREADY_ANSWERED,
  REFUND_REQUEST_DECISION_REQUIRED,
  REFUND_REQUEST_MESSAGE_REQUIRED,
  REFUND_REQUEST_RECEIVED,
  RefundRequestList,
} from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, signedInAs } from '../support';
import { deliver, paidOrder, refundingStorefrontPerFile } from '../purchase';

// Issue 25: a refund that succeeds issues a credit note against the order's invoice, in the same transaction;
// the order page shows the refunds and links the invoice through its own signed link.
const { sandbox, ctx } = refundingStorefrontPerFile();

async function refund(orderId: string, amount: number, reason: string) {
  const res = await fetch(`${ctx.site.base}/api/admin/refunds/orders/${orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await signedInAs('admin')) },
    body: JSON.stringify({ amount, reason }),
  });
  expect(res.status).toBe(201);
  const { id } = Refund.parse(await res.json());
  await new Promise((r) => setImmediate(r));
  return sandbox.events.find((e) => e.payload.metadata?.refundId === id)!;
}
const creditNotes = (orderId: string) =>
  ctx.db.knex('invoices').where({ order_id: orderId, kind: 'credit_note' }).orderBy('number');

describe('a refund issues a credit note', () => {
  it('credits the refunded amount with the reason once the refund succeeds, and a replay adds none', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const succeeded = await refund(orderId, 100, 'One track was not needed');
    expect(await creditNotes(orderId)).toHaveLength(0);
    expect((await deliver(ctx.site, succeeded)).status).toBe(200);
    expect((await deliver(ctx.site, succeeded)).status).toBe(200);
    const [note, ...more] = await creditNotes(orderId);
    expect(more).toHaveLength(0);
    expect(Number(note.totalCents)).toBe(10000);
    expect(JSON.stringify(note.lines)).toContain('Refund: One track was not needed');
    const invoice = await ctx.db.knex('invoices').where({ order_id: orderId }).whereNot('kind', 'credit_note').first();
    expect(note.creditFor).toBe(invoice.id);
  });

  it('issues no credit note when Yoco fails the refund', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    // The sandbox fails a refund whose cents end in 01.
    const event = await refund(orderId, 50.01, 'Goodwill');
    expect(event.type).toBe('refund.failed');
    expect((await deliver(ctx.site, event)).status).toBe(200);
    expect(await creditNotes(orderId)).toHaveLength(0);
  });
});

const links = createOrderLinks(SECRET);
const tokenOf = (orderId: string) => new URL(orderPageUrl(links, 'http://x', orderId)).searchParams.get('t')!;
const invoiceOf = (orderId: string, token: string) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}/invoice?t=${encodeURIComponent(token)}`);

describe('the order page: refunds and the invoice', () => {
  it('lists the refund with amount and status and links the invoice, which the link alone downloads', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await refund(orderId, 120, 'Shorter album'));
    const token = tokenOf(orderId);
    const res = await fetch(`${ctx.site.base}/api/orders/${orderId}/view?t=${token}`);
    const view = CustomerOrderView.parse(await res.json());
    expect(view.refunds).toMatchObject([{ amount: 120, status: 'succeeded' }]);
    expect(view.invoiceUrl).toBe(`/api/orders/${orderId}/invoice?t=${encodeURIComponent(token)}`);
    const pdf = await fetch(`${ctx.site.base}${view.invoiceUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("refuses the invoice to a forged link or another order's link (403)", async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const { orderId: other } = await paidOrder(ctx.site, sandbox);
    for (const token of [`${tokenOf(orderId)}x`, tokenOf(other)]) {
      const res = await invoiceOf(orderId, token);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(ORDER_LINK_INVALID);
    }
  });
});

const askRefund = (orderId: string, body: object) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}/refund-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const answerMails = () =>
  ctx.site.queued.filter((j) => j.data.template === 'refund-request-answered').map((j) => j.data);
async function requestsOf(orderId: string) {
  const res = await fetch(`${ctx.site.base}/api/admin/refund-requests?orderId=${orderId}`, {
    headers: await signedInAs('admin'),
  });
  expect(res.status).toBe(200);
  return RefundRequestList.parse(await res.json());
}

describe('"Not happy?": a refund request from the order page', () => {
  it('records the request for staff and refunds nothing; staff answer it once and the customer is mailed', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const res = await askRefund(orderId, { token: tokenOf(orderId), message: 'The vocals are buried.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: REFUND_REQUEST_RECEIVED });
    expect(await ctx.db.knex('refunds').where('order_id', orderId)).toHaveLength(0);
    expect((await ctx.db.knex('orders').where('id', orderId).first()).status).toBe('payment_confirmed');

    const [open] = await requestsOf(orderId);
    expect(open).toMatchObject({ message: 'The vocals are buried.', decision: null, answer: null, answeredAt: null });
    const answer = (body: object) =>
      signedInAs('admin').then((auth) =>
        fetch(`${ctx.site.base}/api/admin/refund-requests/${open!.id}/answer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify(body),
        }),
      );
    ctx.site.queued.length = 0;
    // No decision: refused, nothing recorded or mailed.
    const undecided = await answer({ answer: 'We will remaster it.' });
    expect(undecided.status).toBe(400);
    expect(JSON.stringify(await undecided.json())).toContain(REFUND_REQUEST_DECISION_REQUIRED);
    expect(answerMails()).toEqual([]);

    expect((await answer({ decision: 'declined', answer: 'We will remaster it.' })).status).toBe(200);
    const again = await answer({ decision: 'approved', answer: 'Twice' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(REFUND_REQUEST_ALREADY_ANSWERED);
    expect(await requestsOf(orderId)).toMatchObject([{ decision: 'declined', answer: 'We will remaster it.' }]);
    const [mail, ...more] = answerMails();
    expect(more).toEqual([]);
    const customer = (await ctx.db.knex('orders').where('id', orderId).first()).customerEmail;
    expect(mail).toMatchObject({
      to: customer,
      orderId,
      data: { orderId, customerEmail: customer, approved: false, answer: 'We will remaster it.' },
    });
    expect(mailParamsProblem('refund-request-answered', mail.data)).toBeNull();
  });

  it('mails an approval as approved', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await askRefund(orderId, { token: tokenOf(orderId), message: 'Wrong track.' });
    const [open] = await requestsOf(orderId);
    ctx.site.queued.length = 0;
    const res = await fetch(`${ctx.site.base}/api/admin/refund-requests/${open!.id}/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await signedInAs('admin')) },
      body: JSON.stringify({ decision: 'approved', answer: 'Sorry about that: we refund you today.' }),
    });
    expect(res.status).toBe(200);
    expect(answerMails()).toMatchObject([{ data: { approved: true } }]);
  });

  it('refuses a bad link or an empty message and records nothing', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const forged = await askRefund(orderId, { token: `${tokenOf(orderId)}x`, message: 'Refund me' });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toBe(ORDER_LINK_INVALID);
    const empty = await askRefund(orderId, { token: tokenOf(orderId), message: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain(REFUND_REQUEST_MESSAGE_REQUIRED);
    expect(await requestsOf(orderId)).toEqual([]);
  });
});
