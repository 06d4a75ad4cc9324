import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { YocoCheckout, YocoCheckoutState, YocoRefundAccepted, type YocoWebhookEvent } from '@mastering/contracts';
import { createLogger } from '@mastering/service-kit';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import type { WebhookSender } from '../src/webhooks/service';

// The sandbox's refund call and checkout read (issue 25): the webhooks are recorded, not delivered.
const SECRET_KEY = 'sk_test_sandbox_0123456789abcdef';
let sent: YocoWebhookEvent[] = [];
const webhooks: WebhookSender = {
  send(event) {
    sent.push(event);
    return { firstAttempt: Promise.resolve(true), done: Promise.resolve(true) };
  },
  settled: async () => undefined,
};
let server: Server;
let base: string;

beforeAll(async () => {
  const config = readConfig({
    YOCO_SECRET_KEY: SECRET_KEY,
    YOCO_WEBHOOK_SECRET: `whsec_${Buffer.from('sandbox-test-webhook-secret-32by').toString('base64')}`,
    YOCO_WEBHOOK_URL: 'http://127.0.0.1:9/api/payment/webhook',
    PORT: '4010',
  });
  server = createServer(buildApp({ config, logger: createLogger('yoco-sandbox-test', 'silent'), webhooks }).callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());
beforeEach(() => {
  sent = [];
});

const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A checkout of R998, paid on the hosted page. */
async function paidCheckout() {
  const res = await api('POST', '/api/checkouts', {
    amount: 99_800,
    currency: 'ZAR',
    successUrl: 'http://localhost:8080/payment/success',
    cancelUrl: 'http://localhost:8080/payment/cancelled',
    failureUrl: 'http://localhost:8080/payment/failed',
    metadata: { orderId: 'a7c1e1de-4d5b-4c1e-9b9a-2f0c3f9d8e11' },
  });
  const checkout = YocoCheckout.parse(await res.json());
  await fetch(`${base}/checkout/${checkout.id}/pay`, { method: 'POST', redirect: 'manual' });
  sent = [];
  return checkout;
}

/** The webhook is sent after the 202 (on the next turn of the event loop). */
const afterAnswer = () => new Promise((r) => setImmediate(r));

describe('GET /api/checkouts/:id', () => {
  it("answers the checkout's status and, once paid, its payment id", async () => {
    const checkout = await paidCheckout();
    const state = YocoCheckoutState.parse(await (await api('GET', `/api/checkouts/${checkout.id}`)).json());
    expect(state).toMatchObject({ id: checkout.id, status: 'completed', amount: 99_800, currency: 'ZAR' });
    expect(state.paymentId).toMatch(/^p_/);
    expect((await api('GET', '/api/checkouts/ch_nope')).status).toBe(404);
    expect((await fetch(`${base}/api/checkouts/${checkout.id}`)).status).toBe(401);
  });
});

describe('POST /api/checkouts/:id/refund', () => {
  it('answers 202 and sends refund.succeeded with the refund metadata and the checkout id', async () => {
    const checkout = await paidCheckout();
    const res = await api(
      'POST',
      `/api/checkouts/${checkout.id}/refund`,
      { amount: 10_000, metadata: { refundId: 'r1' } },
      { 'Idempotency-Key': 'k1' },
    );
    expect(res.status).toBe(202);
    const accepted = YocoRefundAccepted.parse(await res.json());
    await afterAnswer();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'refund.succeeded',
      payload: { id: accepted.refundId, amount: 10_000, metadata: { refundId: 'r1', checkoutId: checkout.id } },
    });
  });

  it('repeats the same refund for the same Idempotency-Key without a second webhook', async () => {
    const checkout = await paidCheckout();
    const first = await (
      await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 500 }, { 'Idempotency-Key': 'k2' })
    ).json();
    const again = await (
      await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 500 }, { 'Idempotency-Key': 'k2' })
    ).json();
    expect(again).toEqual(first);
    await afterAnswer();
    expect(sent).toHaveLength(1);
  });

  it('refuses more than is left of the payment (422) and an unpaid checkout (409)', async () => {
    const checkout = await paidCheckout();
    expect((await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 90_000 })).status).toBe(202);
    const over = await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 9_801 });
    expect(over.status).toBe(422);
    expect((await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 9_800 })).status).toBe(202);
    const unpaid = YocoCheckout.parse(
      await (
        await api('POST', '/api/checkouts', {
          amount: 1000,
          currency: 'ZAR',
          successUrl: 'http://localhost:8080/s',
          cancelUrl: 'http://localhost:8080/c',
          failureUrl: 'http://localhost:8080/f',
        })
      ).json(),
    );
    expect((await api('POST', `/api/checkouts/${unpaid.id}/refund`, { amount: 1000 })).status).toBe(409);
  });

  it('fails a refund whose cents end in 01 with refund.failed, and gives the amount back', async () => {
    const checkout = await paidCheckout();
    expect((await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 5_001 })).status).toBe(202);
    await afterAnswer();
    expect(sent.map((e) => e.type)).toEqual(['refund.failed']);
    expect((await api('POST', `/api/checkouts/${checkout.id}/refund`, { amount: 99_800 })).status).toBe(202);
  });
});
