// Keeps promises "refund-request-answered-within-one-working-day" and "refund-if-unhappy" (packages/contracts/src/promises.ts).
// Issue 50: "Not happy?" reaches someone. Filing it mails every active admin and acknowledges it to the
// customer; the Refund requests list and its count show it, flagged overdue once one working day
// (Monday to Friday, South African time) passes unanswered; only an admin answers, and the answer is mailed.
import { describe, expect, it } from 'vitest';
import {
  mailParamsProblem,
  REFUND_REQUEST_RECEIVED,
  RefundRequest,
  RefundRequestCount,
  RefundRequestList,
} from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, signedInAs } from '../support';
import { paidOrder, refundingStorefrontPerFile } from '../purchase';

// Friday 4 December 2026, 15:00 in Johannesburg (13:00 UTC): the answer is due on Monday at 15:00.
const FRIDAY_3PM = new Date('2026-12-04T13:00:00Z');
const MONDAY_3PM = new Date('2026-12-07T13:00:00Z');
const MINUTE = 60_000;
let now = FRIDAY_3PM;
const { sandbox, ctx } = refundingStorefrontPerFile(() => now);

const links = createOrderLinks(SECRET);
const tokenOf = (orderId: string) => new URL(orderPageUrl(links, 'http://x', orderId)).searchParams.get('t')!;
const askRefund = (orderId: string, message: string, token = tokenOf(orderId)) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}/refund-request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, message }),
  });
const asStaff = async (role: 'admin' | 'engineer' | 'customer', path: string, init: RequestInit = {}) =>
  fetch(`${ctx.site.base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(await signedInAs(role)), ...init.headers },
  });
async function count() {
  const res = await asStaff('admin', '/api/admin/refund-requests/count');
  expect(res.status).toBe(200);
  return RefundRequestCount.parse(await res.json());
}
async function list(query = '') {
  const res = await asStaff('admin', `/api/admin/refund-requests${query}`);
  expect(res.status).toBe(200);
  return RefundRequestList.parse(await res.json());
}
const answer = (role: 'admin' | 'engineer', id: string, body: object) =>
  asStaff(role, `/api/admin/refund-requests/${id}/answer`, { method: 'POST', body: JSON.stringify(body) });
const mailsOf = (template: string) => ctx.site.queued.filter((j) => j.data.template === template).map((j) => j.data);

describe('"Not happy?" in the back-office', () => {
  it('counts an open request, flags it overdue one working day later (over the weekend), and stops once answered', async () => {
    expect(await count()).toEqual({ open: 0, overdue: 0 });
    now = FRIDAY_3PM;
    const { orderId } = await paidOrder(ctx.site, sandbox);
    expect((await askRefund(orderId, 'The vocals are buried.')).status).toBe(201);

    now = new Date(MONDAY_3PM.getTime() - MINUTE);
    expect(await count()).toEqual({ open: 1, overdue: 0 });
    const [waiting] = await list();
    expect(waiting).toMatchObject({ orderId, overdue: false, answerBy: MONDAY_3PM.toISOString() });

    now = MONDAY_3PM;
    expect(await count()).toEqual({ open: 1, overdue: 1 });
    expect(await list()).toMatchObject([{ id: waiting!.id, overdue: true }]);

    const res = await answer('admin', waiting!.id, { decision: 'declined', answer: 'We will remaster it instead.' });
    expect(res.status).toBe(200);
    expect(RefundRequest.parse(await res.json())).toMatchObject({ overdue: false, decision: 'declined' });
    expect(await count()).toEqual({ open: 0, overdue: 0 });
  });

  it('mails every active admin and acknowledges the request to the customer, with the time of the answer', async () => {
    await ctx.db.knex('users').insert([
      { email: 'Owner@example.com', role: 'admin', isActive: true },
      { email: 'gone@example.com', role: 'admin', isActive: false },
      { email: 'sipho@example.com', role: 'engineer', isActive: true },
    ]);
    now = FRIDAY_3PM;
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const customer = (await ctx.db.knex('orders').where('id', orderId).first()).customerEmail;
    ctx.site.queued.length = 0;
    const res = await askRefund(orderId, 'Wrong track was mastered.');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: REFUND_REQUEST_RECEIVED });

    const params = {
      orderId,
      customerEmail: customer,
      message: 'Wrong track was mastered.',
      answerBy: MONDAY_3PM.toISOString(),
    };
    const filed = mailsOf('refund-request-filed');
    expect(filed.map((m) => m.to).sort()).toEqual(['admin@example.com', 'owner@example.com']);
    for (const mail of filed) {
      expect(mail.data).toEqual(params);
      expect(mailParamsProblem('refund-request-filed', mail.data)).toBeNull();
    }
    const [ack, ...more] = mailsOf('refund-request-received');
    expect(more).toEqual([]);
    // The job names the order, so the mail worker adds the order page's link.
    expect(ack).toMatchObject({ to: customer, orderId, data: params });
    expect(mailParamsProblem('refund-request-received', ack!.data)).toBeNull();
  });

  it('mails no one for a refused request (a forged link or an empty message)', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    ctx.site.queued.length = 0;
    expect((await askRefund(orderId, 'Refund me', `${tokenOf(orderId)}x`)).status).toBe(403);
    expect((await askRefund(orderId, '   ')).status).toBe(400);
    expect(ctx.site.queued).toEqual([]);
  });

  it("lists every order's requests, open first (longest waiting first), then the answered; `state=open` only the open", async () => {
    for (const request of await list('?state=open'))
      await answer('admin', request.id, { decision: 'declined', answer: 'Done' });
    const first = await paidOrder(ctx.site, sandbox);
    const second = await paidOrder(ctx.site, sandbox);
    const third = await paidOrder(ctx.site, sandbox);
    now = FRIDAY_3PM;
    await askRefund(second.orderId, 'Second, asked first');
    now = new Date(FRIDAY_3PM.getTime() + MINUTE);
    await askRefund(first.orderId, 'First, asked second');
    await askRefund(third.orderId, 'Third, answered');
    const [third3] = await list(`?orderId=${third.orderId}`);
    await answer('admin', third3!.id, { decision: 'approved', answer: 'Refunding today' });

    const all = await list();
    expect(all.slice(0, 3).map((r) => [r.message, r.answeredAt === null])).toEqual([
      ['Second, asked first', true],
      ['First, asked second', true],
      ['Third, answered', false],
    ]);
    expect((await list('?state=open')).map((r) => r.message)).toEqual(['Second, asked first', 'First, asked second']);
    expect((await list(`?orderId=${first.orderId}`)).map((r) => r.message)).toEqual(['First, asked second']);
  });

  it('lets engineers read the list and count but only admins answer; customers and strangers read nothing', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await askRefund(orderId, 'Too loud');
    const [request] = await list(`?orderId=${orderId}`);
    expect((await asStaff('engineer', '/api/admin/refund-requests/count')).status).toBe(200);
    expect((await asStaff('engineer', `/api/admin/refund-requests?orderId=${orderId}`)).status).toBe(200);
    expect((await asStaff('customer', '/api/admin/refund-requests/count')).status).toBe(403);
    expect((await fetch(`${ctx.site.base}/api/admin/refund-requests/count`)).status).toBe(401);

    ctx.site.queued.length = 0;
    const refused = await answer('engineer', request!.id, { decision: 'approved', answer: 'Sure' });
    expect(refused.status).toBe(403);
    expect(await list(`?orderId=${orderId}`)).toMatchObject([{ answeredAt: null, decision: null }]);
    expect(ctx.site.queued).toEqual([]);
  });

  it('mails the answer to the customer', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await askRefund(orderId, 'It clips');
    const [request] = await list(`?orderId=${orderId}`);
    ctx.site.queued.length = 0;
    expect((await answer('admin', request!.id, { decision: 'approved', answer: 'Sorry: refunding you.' })).status).toBe(
      200,
    );
    expect(mailsOf('refund-request-answered')).toMatchObject([
      { orderId, data: { orderId, approved: true, answer: 'Sorry: refunding you.' } },
    ]);
  });

  it('refuses a bad filter with a message (400)', async () => {
    for (const query of ['?orderId=nope', '?state=closed']) {
      const res = await asStaff('admin', `/api/admin/refund-requests${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
  });
});
