import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  CheckoutResponse,
  ORDER_ALREADY_PAID,
  PAYMENT_ATTENTION_TEXTS,
  UNAPPROVED_REDIRECT,
  WEBHOOK_AMOUNT_MISMATCH,
  WEBHOOK_REFUND_MISMATCH,
  WEBHOOK_SIGNATURE_INVALID,
  WebhookAck,
  replaceFileMessage,
} from '@mastering/contracts';
import { placeOrder as placeUnpaidOrder } from '../purchase';
import { startStorefront, storefrontPerFile, type Storefront } from '../support';

const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const PUBLIC_URL = 'https://mastering.example.co.za';

// A stand-in for Yoco's checkout API: records each request and answers a checkout.
type Seen = { path: string; headers: Record<string, string | string[] | undefined>; body: any };
const seen: Seen[] = [];
let nextRedirect: (id: string) => string = (id) => `https://c.yoco.com/checkout/${id}`;
let yoco: Server;
let yocoUrl: string;

beforeAll(async () => {
  yoco = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      seen.push({ path: req.url!, headers: req.headers, body });
      const id = `ch_${seen.length}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          redirectUrl: nextRedirect(id),
          status: 'created',
          amount: body.amount,
          currency: body.currency,
          metadata: body.metadata,
        }),
      );
    });
  });
  await new Promise<void>((r) => yoco.listen(0, '127.0.0.1', () => r()));
  yocoUrl = `http://127.0.0.1:${(yoco.address() as AddressInfo).port}`;
});
afterAll(() => yoco?.close());
const ctx = storefrontPerFile(
  () => ({
    YOCO_API_URL: yocoUrl,
    YOCO_SECRET_KEY: 'sk_test_secret',
    YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL,
    ADMIN_EMAIL: 'orders@example.com',
  }),
  async (_db) => {
    await ctx.db.knex('users').insert([
      { email: 'boss@example.com', role: 'admin', is_active: true },
      { email: 'gone@example.com', role: 'admin', is_active: false },
      { email: 'eng@example.com', role: 'engineer', is_active: true },
    ]);
  },
);
beforeEach(() => {
  ctx.site.queued.length = 0;
  nextRedirect = (id) => `https://c.yoco.com/checkout/${id}`;
});

/** A guest's order of two tracks (R649), placed through the API; the queue starts empty, as the tests below count what the payment queues. */
async function placeOrder(on: Storefront = ctx.site) {
  const order = await placeUnpaidOrder(on);
  on.queued.length = 0;
  return order;
}

const checkout = (orderId: string, cookie?: string, on: Storefront = ctx.site) =>
  fetch(`${on.base}/api/payment/create-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ orderId }),
  });

/** A Yoco payment event for a checkout, as Yoco shapes it. */
const paymentEvent = (
  type: string,
  checkoutId: string,
  orderId: string,
  amount = 64900,
  id = `evt_${randomBytes(6).toString('hex')}`,
) => ({
  id,
  type,
  createdDate: new Date().toISOString(),
  payload: {
    id: `p_${randomBytes(4).toString('hex')}`,
    type: 'payment',
    amount,
    currency: 'ZAR',
    status: type.split('.')[1],
    metadata: { checkoutId, orderId },
    paymentMethodDetails: { type: 'card' },
  },
});

/** Delivers a webhook signed like Yoco signs it (Standard Webhooks), with a choice of secret, time and body. */
function deliver(
  event: object,
  { secret = WEBHOOK_SECRET, sentAt = new Date(), body }: { secret?: string; sentAt?: Date; body?: string } = {},
) {
  const raw = JSON.stringify(event);
  const msgId = (event as { id: string }).id;
  const signature = new Webhook(secret).sign(msgId, sentAt, raw);
  return fetch(`${ctx.site.base}/api/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': msgId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: body ?? raw,
  });
}

const orderRow = (id: string) => ctx.db.knex('orders').where('id', id).first();
const paymentsOf = (orderId: string) => ctx.db.knex('payments').where('order_id', orderId).orderBy('created_at');

describe('POST /api/payment/create-checkout', () => {
  it("creates a Yoco checkout for the server's total and answers its hosted page", async () => {
    const { cookie, orderId } = await placeOrder();
    const res = await checkout(orderId, cookie);
    expect(res.status).toBe(200);
    const { redirectUrl } = CheckoutResponse.parse(await res.json());
    const call = seen.at(-1)!;
    expect(redirectUrl).toBe(`https://c.yoco.com/checkout/ch_${seen.length}`);
    expect(call.path).toBe('/api/checkouts');
    expect(call.headers.authorization).toBe('Bearer sk_test_secret');
    expect(call.headers['idempotency-key']).toBe(`order-${orderId}-1`);
    expect(call.body).toEqual({
      amount: 64900,
      currency: 'ZAR',
      successUrl: `${PUBLIC_URL}/payment/success?orderId=${orderId}`,
      cancelUrl: `${PUBLIC_URL}/payment/cancelled?orderId=${orderId}`,
      failureUrl: `${PUBLIC_URL}/payment/failed?orderId=${orderId}`,
      externalId: orderId,
      metadata: { orderId },
    });
    expect(await paymentsOf(orderId)).toMatchObject([
      { checkoutId: `ch_${seen.length}`, amountCents: 64900, currency: 'ZAR', status: 'pending' },
    ]);
  });

  it("sends a retry of one attempt (the client's Idempotency-Key) with the same Yoco key, so Yoco answers one checkout", async () => {
    const { orderId, cookie } = await placeOrder();
    const keyed = () =>
      fetch(`${ctx.site.base}/api/payment/create-checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': 'attempt-9' },
        body: JSON.stringify({ orderId }),
      });
    expect((await keyed()).status).toBe(200);
    expect((await keyed()).status).toBe(200);
    const [first, again] = seen.slice(-2).map((call) => call.headers['idempotency-key']);
    expect(first).toMatch(new RegExp(`^order-${orderId}-key-[0-9a-f]{32}$`));
    expect(again).toBe(first);
  });

  it("refuses a redirect that is not an approved Yoco page (502), and another browser's order (404)", async () => {
    const { cookie, orderId } = await placeOrder();
    nextRedirect = () => 'https://evil.example.com/pay';
    const res = await checkout(orderId, cookie);
    expect(res.status).toBe(502);
    expect((await res.json()).error).toBe(UNAPPROVED_REDIRECT);

    const before = seen.length;
    expect((await checkout(orderId)).status).toBe(404);
    expect(seen.length).toBe(before);
  });

  it("accepts the sandbox's own pages only in sandbox mode", async () => {
    nextRedirect = (id) => `${yocoUrl}/checkout/${id}`;
    const { cookie, orderId } = await placeOrder();
    expect((await checkout(orderId, cookie)).status).toBe(502);

    const sandboxed = await startStorefront(ctx.db, {
      YOCO_API_URL: yocoUrl,
      YOCO_SANDBOX: 'true',
      YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL,
    });
    try {
      const order = await placeOrder(sandboxed);
      const res = await checkout(order.orderId, order.cookie, sandboxed);
      expect(res.status).toBe(200);
      expect((await res.json()).redirectUrl).toBe(`${yocoUrl}/checkout/ch_${seen.length}`);
    } finally {
      await sandboxed.close();
    }
  });
});

describe('POST /api/payment/webhook', () => {
  it("confirms the order on payment.succeeded and queues the customer's and the admins' mails once; a replay changes nothing", async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const checkoutId = `ch_${seen.length}`;
    const event = paymentEvent('payment.succeeded', checkoutId, orderId);
    // The analysis found one.wav silent before the payment arrived: the confirmation says so.
    const one = await ctx.db.knex('order_files').where({ orderId, originalName: 'one.wav' }).first();
    await ctx.db.knex('file_analyses').insert({
      fileId: one.id,
      role: 'original',
      analyserVersion: 'test',
      status: 'error',
      errorReason: 'The file is silent.',
    });

    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(WebhookAck.parse(await res.json())).toEqual({ received: true, duplicate: false });
    expect(await orderRow(orderId)).toMatchObject({ status: 'payment_confirmed' });
    expect((await orderRow(orderId)).paidAt).not.toBeNull();
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'succeeded', paymentId: event.payload.id }]);
    // The paid order's tracks are queued for analysis (only paid orders are analysed).
    const files = await ctx.db.knex('order_files').where({ orderId }).select('id');
    expect(
      ctx.site.queued
        .filter((j) => j.name === 'audio.analyse')
        .map((j) => j.data.fileId)
        .sort(),
    ).toEqual(files.map((f) => f.id).sort());
    const mails = ctx.site.queued
      .filter((j) => j.name === 'email.send')
      .map((j) => [j.name, j.data.template, j.data.to]);
    expect(mails).toEqual([
      ['email.send', 'order-confirmation', 'naledi@example.com'],
      ['email.send', 'new-order', 'boss@example.com'],
      ['email.send', 'new-order', 'orders@example.com'],
    ]);
    expect(ctx.site.queued[0]!.data).toMatchObject({
      orderId,
      data: { orderId, trackCount: 2, fileNames: 'one.wav, two.wav', amount: 'R649' },
    });
    // The paid order's invoice is issued with the payment, and the confirmation carries it (the worker attaches the PDF).
    const invoice = await ctx.db.knex('invoices').where({ orderId }).first();
    expect(invoice).toMatchObject({ kind: 'receipt', number: 'INV-000001', totalCents: '64900' });
    expect(ctx.site.queued[0]!.data.invoiceId).toBe(invoice.id);
    expect(ctx.site.queued[0]!.data.data.replaceNote).toBe(
      replaceFileMessage({ originalName: 'one.wav', reason: 'The file is silent.' }),
    );

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(ctx.site.queued).toHaveLength(5);
    expect(await ctx.db.knex('payment_events').where('event_id', event.id)).toHaveLength(1);

    // Paid: no second checkout.
    const again = await checkout(orderId, cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ORDER_ALREADY_PAID);
  });

  it('refuses a tampered body, a wrong secret and an old timestamp (401), changing nothing', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const event = paymentEvent('payment.succeeded', `ch_${seen.length}`, orderId);
    const tampered = JSON.stringify({ ...event, payload: { ...event.payload, amount: 100 } });
    const refusals = [
      await deliver(event, { body: tampered }),
      await deliver(event, { secret: `whsec_${randomBytes(32).toString('base64')}` }),
      // Four minutes old: inside the library's five, outside our three.
      await deliver(event, { sentAt: new Date(Date.now() - 4 * 60_000) }),
      await deliver(event, { sentAt: new Date(Date.now() + 4 * 60_000) }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe(WEBHOOK_SIGNATURE_INVALID);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_payment' });
    expect(await ctx.db.knex('payment_events').where('event_id', event.id)).toHaveLength(0);
    expect(ctx.site.queued).toHaveLength(0);
    // Within the tolerance it is accepted.
    expect((await deliver(event, { sentAt: new Date(Date.now() - 2 * 60_000) })).status).toBe(200);
  });

  it('refuses an amount that differs from the checkout (400) and records nothing', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const event = paymentEvent('payment.succeeded', `ch_${seen.length}`, orderId, 100);
    const res = await deliver(event);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(WEBHOOK_AMOUNT_MISMATCH);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_payment' });
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'pending' }]);
    expect(await ctx.db.knex('payment_events').where('event_id', event.id)).toHaveLength(0);
    expect(ctx.site.queued).toHaveLength(0);
  });

  it('marks a failed payment, keeps the order payable, and a new checkout starts with a new key', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const first = `ch_${seen.length}`;
    expect((await deliver(paymentEvent('payment.failed', first, orderId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending_payment' });
    expect(await paymentsOf(orderId)).toMatchObject([{ checkoutId: first, status: 'failed' }]);
    expect(ctx.site.queued).toHaveLength(0);

    const retry = await checkout(orderId, cookie);
    expect(retry.status).toBe(200);
    expect(seen.at(-1)!.headers['idempotency-key']).toBe(`order-${orderId}-2`);
    const second = `ch_${seen.length}`;
    expect((await deliver(paymentEvent('payment.succeeded', second, orderId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'payment_confirmed' });
    expect((await paymentsOf(orderId)).map((p) => [p.checkoutId, p.status])).toEqual([
      [first, 'failed'],
      [second, 'succeeded'],
    ]);
  });
  it('flags a second paid checkout of a paid order for staff and mails the admins, changing nothing else', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const first = `ch_${seen.length}`;
    // Two tabs: both checkouts were started while the order was unpaid.
    await checkout(orderId, cookie);
    const second = `ch_${seen.length}`;
    expect((await deliver(paymentEvent('payment.succeeded', first, orderId))).status).toBe(200);
    ctx.site.queued.length = 0;
    const paidAt = (await orderRow(orderId)).paidAt;
    expect((await deliver(paymentEvent('payment.succeeded', second, orderId))).status).toBe(200);
    expect((await paymentsOf(orderId)).map((p) => [p.checkoutId, p.status, p.attention])).toEqual([
      [first, 'succeeded', null],
      [second, 'succeeded', 'already_paid'],
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'payment_confirmed', paidAt });
    expect(ctx.site.queued.map((j) => [j.data.template, j.data.to])).toEqual([
      ['payment-needs-attention', 'boss@example.com'],
      ['payment-needs-attention', 'orders@example.com'],
    ]);
    expect(ctx.site.queued[0]!.data).toMatchObject({
      orderId,
      data: { orderId, amount: 'R649', reason: PAYMENT_ATTENTION_TEXTS.already_paid },
    });
  });

  it('confirms an order once when two paid checkouts arrive together, recorded in its history as the system', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const first = `ch_${seen.length}`;
    await checkout(orderId, cookie);
    const second = `ch_${seen.length}`;
    const answers = await Promise.all(
      [first, second].map((id) => deliver(paymentEvent('payment.succeeded', id, orderId))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await paymentsOf(orderId)).map((p) => p.attention).sort()).toEqual(['already_paid', null]);
    expect(ctx.site.queued.filter((j) => j.data.template === 'order-confirmation')).toHaveLength(1);
    const history = await ctx.db.knex('order_status_history').where('orderId', orderId);
    expect(history).toMatchObject([{ fromStatus: 'pending_payment', toStatus: 'payment_confirmed', changedBy: null }]);
  });

  it('flags a payment for a cancelled order for staff and never reopens the order', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const checkoutId = `ch_${seen.length}`;
    // Staff cancelled the order while the customer was still on Yoco's page.
    await ctx.db.knex('orders').where('id', orderId).update({ status: 'cancelled' });
    expect((await deliver(paymentEvent('payment.succeeded', checkoutId, orderId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'succeeded', attention: 'order_cancelled' }]);
    expect(ctx.site.queued.map((j) => [j.data.template, j.data.to, j.data.data.reason])).toEqual([
      ['payment-needs-attention', 'boss@example.com', PAYMENT_ATTENTION_TEXTS.order_cancelled],
      ['payment-needs-attention', 'orders@example.com', PAYMENT_ATTENTION_TEXTS.order_cancelled],
    ]);
  });

  it('marks a paid payment refunded on refund.succeeded (a partial refund is only logged); a refund above the payment is refused', async () => {
    const { cookie, orderId } = await placeOrder();
    await checkout(orderId, cookie);
    const checkoutId = `ch_${seen.length}`;
    const paid = paymentEvent('payment.succeeded', checkoutId, orderId);
    expect((await deliver(paid)).status).toBe(200);
    const refund = (amount: number) => ({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'refund.succeeded',
      createdDate: new Date().toISOString(),
      payload: {
        id: `rf_${randomBytes(4).toString('hex')}`,
        type: 'refund',
        amount,
        currency: 'ZAR',
        status: 'succeeded',
        paymentId: paid.payload.id,
        metadata: { checkoutId },
      },
    });

    const tooMuch = await deliver(refund(64901));
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error).toBe(WEBHOOK_REFUND_MISMATCH);
    const partial = refund(10000);
    expect((await deliver(partial)).status).toBe(200);
    expect(await paymentsOf(orderId)).toMatchObject([{ status: 'succeeded' }]);

    const full = refund(64900);
    expect((await deliver(full)).status).toBe(200);
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'refunded' });
    // Both refund events are linked to the payment, so the admin's payment dialog lists them.
    const linked = await ctx.db
      .knex('payment_events')
      .where('payment_id', payment.id)
      .orderBy('received_at')
      .pluck('event_id');
    expect(linked).toEqual([paid.id, partial.id, full.id]);
  });
});
