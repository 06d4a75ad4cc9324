// A purchase through the Yoco sandbox for the issue-25 tests (refunds, reconciliation): the sandbox
// runs in-process with its webhooks recorded, so a test delivers them itself, in any order, replayed.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  CheckoutResponse,
  computePricing,
  CreateOrderResponse,
  pricingForApi,
  Refund,
  type YocoWebhookEvent,
} from '@mastering/contracts';
import { createLogger } from '@mastering/service-kit';
import { buildApp as buildSandbox } from '../../yoco-sandbox/src/app';
import { readConfig as readSandboxConfig } from '../../yoco-sandbox/src/config';
import { signedInAs, storefrontPerFile, uploadWhole, wav, type Storefront } from './support';

export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
export const SANDBOX_KEY = 'sk_test_purchase_0123456789';

/** The sandbox on a port of its own; `events` are the webhooks it would have sent, in order. */
export function sandboxPerFile() {
  const sandbox = { url: '', events: [] as YocoWebhookEvent[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    sandbox.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = readSandboxConfig({
      YOCO_SECRET_KEY: SANDBOX_KEY,
      YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      YOCO_WEBHOOK_URL: 'http://127.0.0.1:9/unused',
      YOCO_API_URL: sandbox.url,
    });
    const webhooks = {
      send: (event: YocoWebhookEvent) => {
        sandbox.events.push(event);
        return { firstAttempt: Promise.resolve(true), done: Promise.resolve(true) };
      },
      settled: async () => undefined,
    };
    server.on('request', buildSandbox({ config, logger: createLogger('sandbox-test', 'silent'), webhooks }).callback());
  });
  afterAll(() => server?.close());
  return sandbox;
}

/** The storefront settings that make it pay through that sandbox. */
export const sandboxEnv = (sandboxUrl: string) => ({
  YOCO_API_URL: sandboxUrl,
  YOCO_SECRET_KEY: SANDBOX_KEY,
  YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  YOCO_SANDBOX: 'true',
  PUBLIC_URL: 'https://mastering.example.co.za',
});

/** Delivers a webhook to the storefront signed like Yoco signs it (Standard Webhooks). */
export function deliver(site: Storefront, event: YocoWebhookEvent) {
  const raw = JSON.stringify(event);
  const sentAt = new Date();
  return fetch(`${site.base}/api/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(WEBHOOK_SECRET).sign(event.id, sentAt, raw),
    },
    body: raw,
  });
}

/** A guest's unpaid order of two tracks (R649), placed through the API. */
export async function placeOrder(site: Storefront) {
  const a = await uploadWhole(site, wav(100));
  const b = await uploadWhole(site, wav(100), { cookie: a.cookie });
  const file = (originalFilePath: string, originalName: string) => ({
    originalName,
    fileName: originalName,
    fileSize: 100,
    originalFilePath,
  });
  const res = await fetch(`${site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: a.cookie },
    body: JSON.stringify({
      customerEmail: 'naledi@example.com',
      files: [file(a.objectPath, 'one.wav'), file(b.objectPath, 'two.wav')],
      pricing: pricingForApi(computePricing(2)),
      termsAccepted: true,
    }),
  });
  expect(res.status).toBe(201);
  return { cookie: a.cookie, orderId: CreateOrderResponse.parse(await res.json()).order.id };
}

/** Starts a checkout for the order: answers the sandbox's checkout id. */
export async function startCheckout(site: Storefront, orderId: string, cookie: string): Promise<string> {
  const res = await fetch(`${site.base}/api/payment/create-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ orderId }),
  });
  expect(res.status).toBe(200);
  return CheckoutResponse.parse(await res.json())
    .redirectUrl.split('/')
    .at(-1)!;
}

/** Presses Pay on the sandbox's hosted page (its webhook is recorded, not delivered). */
export async function payOnSandbox(sandboxUrl: string, checkoutId: string): Promise<void> {
  const res = await fetch(`${sandboxUrl}/checkout/${checkoutId}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
}

/** A paid order: placed, checked out, paid on the sandbox and its payment.succeeded delivered. */
export async function paidOrder(site: Storefront, sandbox: { url: string; events: YocoWebhookEvent[] }) {
  const { orderId, cookie } = await placeOrder(site);
  const checkoutId = await startCheckout(site, orderId, cookie);
  await payOnSandbox(sandbox.url, checkoutId);
  expect((await deliver(site, sandbox.events.at(-1)!)).status).toBe(200);
  return { orderId, checkoutId };
}

/**
 * Refunds `amount` rand of the order as the admin (201) and answers the webhook the sandbox sent for it,
 * for the test to deliver (or not) itself.
 */
export async function refundAsAdmin(
  site: Storefront,
  sandbox: { events: YocoWebhookEvent[] },
  orderId: string,
  amount: number,
  reason: string,
): Promise<YocoWebhookEvent> {
  const res = await fetch(`${site.base}/api/admin/refunds/orders/${orderId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await signedInAs('admin')) },
    body: JSON.stringify({ amount, reason }),
  });
  expect(res.status).toBe(201);
  const { id } = Refund.parse(await res.json());
  // The sandbox sends its webhook once the answer is out.
  await new Promise((resolve) => setImmediate(resolve));
  return sandbox.events.find((e) => e.payload.metadata?.refundId === id)!;
}

/**
 * A storefront for one test file over its own sandbox, with the admin `signedInAs('admin')` acts as
 * (admin@example.com), who issues refunds, and `now` as its clock when given. Answers the sandbox and
 * the storefront's context.
 */
export function refundingStorefrontPerFile(now?: () => Date) {
  const sandbox = sandboxPerFile();
  const ctx = storefrontPerFile(
    () => sandboxEnv(sandbox.url),
    async (db) => {
      await db.knex('users').insert({
        id: '00000000-0000-4000-8000-00000000000a',
        email: 'admin@example.com',
        role: 'admin',
        is_active: true,
      });
    },
    now,
  );
  return { sandbox, ctx };
}
