import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { YocoCheckout, YocoWebhookEvent, type YocoCheckoutRequest } from '@mastering/contracts';
import { createLogger } from '@mastering/service-kit';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { createWebhookSender, RETRY_DELAYS_MS } from '../src/webhooks/service';

const SECRET_KEY = 'sk_test_sandbox_0123456789abcdef';
const WEBHOOK_SECRET = `whsec_${Buffer.from('sandbox-test-webhook-secret-32by').toString('base64')}`;
const logger = createLogger('yoco-sandbox-test', 'silent');

/** The storefront's side: records each webhook request, answering 500 while `failuresLeft` > 0. */
let received: { headers: IncomingHttpHeaders; body: string }[] = [];
let failuresLeft = 0;
let shop: Server;
let sandbox: Server;
let base: string;
let delays: number[] = [];
let app: ReturnType<typeof buildApp>;

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  shop = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = failuresLeft-- > 0 ? 500 : 204;
      res.end();
    });
  });
  const shopUrl = await listen(shop);
  const config = readConfig({
    YOCO_SECRET_KEY: SECRET_KEY,
    YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    YOCO_WEBHOOK_URL: `${shopUrl}/api/payment/webhook`,
    PORT: '4010',
  });
  // Retries wait through an injected delay that records the backoff instead of sleeping.
  const webhooks = createWebhookSender({
    url: config.YOCO_WEBHOOK_URL,
    secret: config.YOCO_WEBHOOK_SECRET,
    logger,
    delay: async (ms) => void delays.push(ms),
  });
  app = buildApp({ config, logger, webhooks });
  sandbox = createServer(app.callback());
  base = await listen(sandbox);
});
afterAll(() => {
  sandbox?.close();
  shop?.close();
});
beforeEach(() => {
  received = [];
  failuresLeft = 0;
  delays = [];
});

const checkoutBody = (orderId = 'a7c1e1de-4d5b-4c1e-9b9a-2f0c3f9d8e11'): YocoCheckoutRequest => ({
  amount: 99_800,
  currency: 'ZAR',
  successUrl: `http://localhost:8080/payment/success?orderId=${orderId}`,
  cancelUrl: `http://localhost:8080/payment/cancelled?orderId=${orderId}`,
  failureUrl: `http://localhost:8080/payment/failed?orderId=${orderId}`,
  metadata: { orderId },
});

const create = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/checkouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function newCheckout(orderId?: string) {
  const res = await create(checkoutBody(orderId));
  expect(res.status).toBe(200);
  return YocoCheckout.parse(await res.json());
}

/** Presses a hosted-page button the way a browser submits its form; answers the redirect target. */
const press = (checkoutId: string, action: 'pay' | 'decline' | 'cancel') =>
  fetch(`${base}/checkout/${checkoutId}/${action}`, { method: 'POST', redirect: 'manual' });

function verified(request: { headers: IncomingHttpHeaders; body: string }) {
  const {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  } = request.headers as Record<string, string>;
  const payload = new Webhook(WEBHOOK_SECRET).verify(request.body, {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  });
  return YocoWebhookEvent.parse(payload);
}

describe('POST /api/checkouts', () => {
  it('creates a checkout in cents and ZAR whose redirectUrl is the hosted page', async () => {
    const checkout = await newCheckout();
    expect(checkout).toMatchObject({
      amount: 99_800,
      currency: 'ZAR',
      status: 'created',
      metadata: { orderId: 'a7c1e1de-4d5b-4c1e-9b9a-2f0c3f9d8e11' },
    });
    expect(checkout.id).toMatch(/^ch_/);
    expect(checkout.redirectUrl).toBe(`http://127.0.0.1:4010/checkout/${checkout.id}`);
    expect(checkout).toMatchObject({ successUrl: checkoutBody().successUrl, processingMode: 'test', paymentId: null });
  });

  it('answers the same checkout for the same Idempotency-Key, and a new one for another key', async () => {
    const first = await (await create(checkoutBody(), { 'Idempotency-Key': 'order-1-attempt-1' })).json();
    const again = await (await create(checkoutBody(), { 'Idempotency-Key': 'order-1-attempt-1' })).json();
    const other = await (await create(checkoutBody(), { 'Idempotency-Key': 'order-1-attempt-2' })).json();
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);

    const reused = await create({ ...checkoutBody(), amount: 1 }, { 'Idempotency-Key': 'order-1-attempt-1' });
    expect(reused.status).toBe(422);
    expect((await reused.json()).error).toBe('Idempotency-Key was already used with a different request');
  });

  it('refuses a missing or wrong secret key with 401 before reading the body', async () => {
    for (const authorization of [undefined, 'Bearer sk_test_wrong', `Basic ${SECRET_KEY}`, `Bearer ${SECRET_KEY}x`]) {
      const res = await fetch(`${base}/api/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: '{not json',
      });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid or missing secret key' });
    }
  });

  it('refuses a bad body with 400 and creates nothing', async () => {
    for (const body of [
      { ...checkoutBody(), currency: 'USD' },
      { ...checkoutBody(), amount: 10.5 },
      { ...checkoutBody(), successUrl: 'nope' },
    ]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });
});

describe('the hosted checkout page', () => {
  it('shows the amount in rand with Pay, Decline and Cancel', async () => {
    const checkout = await newCheckout();
    const res = await fetch(checkout.redirectUrl.replace('http://127.0.0.1:4010', base));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('R998');
    for (const action of ['pay', 'decline', 'cancel'])
      expect(html).toContain(`action="/checkout/${checkout.id}/${action}"`);
  });

  it('answers an unknown checkout with a 404 page', async () => {
    const res = await fetch(`${base}/checkout/ch_missing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Checkout not found');
  });

  it('Pay sends a signed payment.succeeded the storefront can verify, then redirects to successUrl', async () => {
    const checkout = await newCheckout();
    const res = await press(checkout.id, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(checkoutBody().successUrl);
    // The first attempt finished before the redirect, so the shop already has the event.
    expect(received).toHaveLength(1);
    const event = verified(received[0]);
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      payload: {
        amount: 99_800,
        currency: 'ZAR',
        status: 'succeeded',
        metadata: { checkoutId: checkout.id, orderId: 'a7c1e1de-4d5b-4c1e-9b9a-2f0c3f9d8e11' },
      },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(event.payload.id).toMatch(/^p_/);

    // A tampered body does not verify with the same headers.
    expect(() => verified({ ...received[0], body: received[0].body.replace('99800', '100') })).toThrow();

    // Paid once: the page says so and a second Pay is refused without a second webhook.
    expect(await (await fetch(`${base}/checkout/${checkout.id}`)).text()).toContain('This checkout has been paid');
    const again = await press(checkout.id, 'pay');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This checkout has already been paid');
    expect(received).toHaveLength(1);
  });

  it('Decline sends payment.failed and redirects to failureUrl; the checkout can still be paid', async () => {
    const checkout = await newCheckout();
    const res = await press(checkout.id, 'decline');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(checkoutBody().failureUrl);
    expect(received).toHaveLength(1);
    expect(verified(received[0])).toMatchObject({
      type: 'payment.failed',
      payload: { status: 'failed', metadata: { checkoutId: checkout.id } },
    });

    expect((await press(checkout.id, 'pay')).headers.get('location')).toBe(checkoutBody().successUrl);
  });

  it('Cancel redirects to cancelUrl and sends no webhook, as Yoco sends none for an abandoned checkout', async () => {
    const checkout = await newCheckout();
    const res = await press(checkout.id, 'cancel');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(checkoutBody().cancelUrl);
    await app.webhooks.settled();
    expect(received).toHaveLength(0);
  });
});

describe('webhook delivery', () => {
  it('retries a failing endpoint with backoff, same event id, fresh valid signatures', async () => {
    failuresLeft = 2;
    const checkout = await newCheckout();
    const res = await press(checkout.id, 'pay');
    // The customer is not held up by the shop's outage.
    expect(res.headers.get('location')).toBe(checkoutBody().successUrl);
    await app.webhooks.settled();
    expect(received).toHaveLength(3);
    expect(delays).toEqual(RETRY_DELAYS_MS.slice(0, 2));
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const events = received.map(verified);
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
  });

  it('gives up after the schedule when the endpoint never recovers', async () => {
    failuresLeft = 100;
    const checkout = await newCheckout();
    await press(checkout.id, 'pay');
    await app.webhooks.settled();
    expect(received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(delays).toEqual([...RETRY_DELAYS_MS]);
  });

  it('retries when the endpoint cannot be reached at all', async () => {
    const attempts: string[] = [];
    const sender = createWebhookSender({
      url: 'http://127.0.0.1:9/unreachable',
      secret: WEBHOOK_SECRET,
      logger,
      delay: async () => undefined,
      fetch: async (url) => {
        attempts.push(String(url));
        if (attempts.length < 3) throw new TypeError('fetch failed');
        return new Response(null, { status: 200 });
      },
    });
    const delivery = sender.send({
      id: 'evt_1',
      type: 'payment.succeeded',
      payload: { id: 'p_1', amount: 1, currency: 'ZAR' },
    });
    expect(await delivery.firstAttempt).toBe(false);
    expect(await delivery.done).toBe(true);
    expect(attempts).toHaveLength(3);
  });
});

describe('configuration', () => {
  it('refuses a live key and a malformed webhook secret', () => {
    expect(() =>
      readConfig({ YOCO_SECRET_KEY: 'sk_live_x', YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET, YOCO_WEBHOOK_URL: 'http://x/' }),
    ).toThrow('YOCO_SECRET_KEY must be a test key');
    expect(() =>
      readConfig({ YOCO_SECRET_KEY: SECRET_KEY, YOCO_WEBHOOK_SECRET: 'secret', YOCO_WEBHOOK_URL: 'http://x/' }),
    ).toThrow('YOCO_WEBHOOK_SECRET must look like whsec_<base64>');
  });
});
