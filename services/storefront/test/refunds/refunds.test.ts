// Keeps promises "refund-if-unhappy", "full-refund-before-work" and "refund-to-card" (packages/contracts/src/promises.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import {
  OrderRefunds,
  ORDER_NOT_REFUNDABLE,
  Refund,
  REFUND_ALREADY_PENDING,
  REFUND_FAILED_AT_YOCO,
  REFUND_REASON_REQUIRED,
  refundTooLarge,
  type YocoWebhookEvent,
} from '@mastering/contracts';
import { signedInAs } from '../support';
import { deliver, paidOrder, placeOrder, refundingStorefrontPerFile } from '../purchase';

// Refunds through Yoco (issue 25 Deliver 4), against the sandbox: the admin issues, the webhook ends it.
const { sandbox, ctx } = refundingStorefrontPerFile();
beforeEach(() => {
  ctx.site.queued.length = 0;
});

const refundsUrl = (orderId: string) => `${ctx.site.base}/api/admin/refunds/orders/${orderId}`;
async function issue(orderId: string, body: object, role: 'admin' | 'engineer' = 'admin') {
  return fetch(refundsUrl(orderId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await signedInAs(role)) },
    body: JSON.stringify(body),
  });
}
async function refundsOf(orderId: string) {
  const res = await fetch(refundsUrl(orderId), { headers: await signedInAs('admin') });
  expect(res.status).toBe(200);
  return OrderRefunds.parse(await res.json());
}
const statusOf = async (orderId: string) => (await ctx.db.knex('orders').where('id', orderId).first()).status;
/** The webhook the sandbox sent for a refund (after its 202: at the latest on the next turn of the event loop). */
async function eventOf(refund: Response): Promise<YocoWebhookEvent> {
  expect(refund.status).toBe(201);
  const { id } = Refund.parse(await refund.json());
  await new Promise((r) => setImmediate(r));
  const events = sandbox.events.filter((e) => e.payload.metadata?.refundId === id);
  expect(events).toHaveLength(1);
  return events[0]!;
}
const refundMails = () => ctx.site.queued.filter((j) => j.data.template === 'refund-processed');

describe('refunds through Yoco', () => {
  it('refunds part of an order: pending until the webhook, then back to its status with the amount; replays change nothing', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    ctx.site.queued.length = 0;
    const res = await issue(orderId, { amount: 100, reason: 'One track was not needed' });
    expect(Refund.parse(await res.clone().json())).toMatchObject({
      amount: 100,
      status: 'pending',
      requestedBy: 'admin@example.com',
    });
    expect(await statusOf(orderId)).toBe('refund_pending');
    // Nothing more may be refunded while it is on its way: the Refund button asks this (issue 50).
    expect(await refundsOf(orderId)).toMatchObject({ paid: 649, pending: 100, refundable: 0 });
    // One refund at a time: a second waits for Yoco to finish the first.
    const second = await issue(orderId, { amount: 10, reason: 'again' });
    expect(second.status).toBe(409);
    expect((await second.json()).error).toBe(REFUND_ALREADY_PENDING);

    const succeeded = await eventOf(res);
    expect(succeeded.type).toBe('refund.succeeded');
    expect((await deliver(ctx.site, succeeded)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    expect(await refundsOf(orderId)).toMatchObject({ paid: 649, refunded: 100, pending: 0, refundable: 549 });
    expect(refundMails()).toHaveLength(1);
    expect(refundMails()[0]!.data).toMatchObject({
      to: 'naledi@example.com',
      orderId,
      data: { amount: 'R100', remaining: 'R549' },
      // Sent only once the webhook's transaction commits (the mail worker waits for it).
      afterTransaction: expect.stringMatching(/^\d+$/),
    });
    // The same event again, and the same refund under a new event id: nothing more happens.
    expect(await (await deliver(ctx.site, succeeded)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(ctx.site, { ...succeeded, id: `${succeeded.id}_again` })).status).toBe(200);
    // A failure arriving after the success (out of order) does not undo it.
    expect((await deliver(ctx.site, { ...succeeded, id: `${succeeded.id}_late`, type: 'refund.failed' })).status).toBe(
      200,
    );
    expect(refundMails()).toHaveLength(1);
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    expect((await refundsOf(orderId)).refunds.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('sums partial refunds, refuses more than is left, and ends refunded when the rest is refunded', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await eventOf(await issue(orderId, { amount: 49.5, reason: 'Late delivery' })));
    const over = await issue(orderId, { amount: 600, reason: 'Too much' });
    expect(over.status).toBe(400);
    expect((await over.json()).error).toBe(refundTooLarge(59_950));
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    // No amount: everything that is left.
    const rest = await issue(orderId, { reason: 'Customer unhappy' });
    expect(Refund.parse(await rest.clone().json()).amount).toBe(599.5);
    await deliver(ctx.site, await eventOf(rest));
    expect(await statusOf(orderId)).toBe('refunded');
    expect(await refundsOf(orderId)).toMatchObject({ paid: 649, refunded: 649, refundable: 0 });
    const payment = await ctx.db.knex('payments').where({ order_id: orderId, status: 'refunded' }).first();
    expect(payment).toBeDefined();
    const none = await issue(orderId, { amount: 1, reason: 'More' });
    expect(none.status).toBe(409);
    expect((await none.json()).error).toBe(ORDER_NOT_REFUNDABLE);
    expect(refundMails().at(-1)!.data.data).toEqual({
      orderId,
      customerEmail: 'naledi@example.com',
      amount: 'R599,50',
      // Issue 50: its credit note, attached as a PDF (credit-notes.test.ts).
      creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/),
    });
  });

  it("lists an order's refunds and their sums from one read, so the two agree while a webhook settles one", async () => {
    // Two reads could straddle the webhook's commit: a refund listed as pending beside sums saying it
    // is done, after which the back-office stops asking again (it polls only while something is pending).
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await eventOf(await issue(orderId, { amount: 100, reason: 'Late delivery' })));
    const reads: string[] = [];
    const onQuery = ({ sql }: { sql: string }) => {
      if (/\bfrom "refunds"/.test(sql)) reads.push(sql);
    };
    ctx.db.knex.on('query', onQuery);
    try {
      const listed = await refundsOf(orderId);
      expect(listed).toMatchObject({ refunded: 100, pending: 0, refunds: [{ amount: 100, status: 'succeeded' }] });
    } finally {
      ctx.db.knex.off('query', onQuery);
    }
    expect(reads).toHaveLength(1);
  });

  it('puts the order back and shows staff why when Yoco fails the refund; a replay of the failure is harmless', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    ctx.site.queued.length = 0;
    // The sandbox fails a refund whose cents end in 01.
    const failed = await eventOf(await issue(orderId, { amount: 50.01, reason: 'Test a failure' }));
    expect(failed.type).toBe('refund.failed');
    await deliver(ctx.site, failed);
    await deliver(ctx.site, { ...failed, id: `${failed.id}_again` });
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    const { refunds, refundable } = await refundsOf(orderId);
    expect(refunds).toMatchObject([{ status: 'failed', failureReason: REFUND_FAILED_AT_YOCO, amount: 50.01 }]);
    expect(refundable).toBe(649);
    expect(refundMails()).toEqual([]);
    const history = await ctx.db.knex('order_status_history').where('order_id', orderId).orderBy('created_at');
    expect(history.map((h) => h.toStatus)).toEqual(['payment_confirmed', 'refund_pending', 'payment_confirmed']);
    expect(history[1].changedBy).toBe('00000000-0000-4000-8000-00000000000a');
  });

  it('is for admins only, needs a reason and a paid order, and changes nothing when refused', async () => {
    const { orderId } = await placeOrder(ctx.site);
    expect((await issue(orderId, { amount: 10, reason: 'x' }, 'engineer')).status).toBe(403);
    const noReason = await issue(orderId, { amount: 10, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error).toBe(REFUND_REASON_REQUIRED);
    const unpaid = await issue(orderId, { amount: 10, reason: 'x' });
    expect(unpaid.status).toBe(409);
    expect((await unpaid.json()).error).toBe(ORDER_NOT_REFUNDABLE);
    expect(await statusOf(orderId)).toBe('pending_payment');
    expect((await refundsOf(orderId)).refunds).toEqual([]);
  });
});
