import { beforeEach, describe, expect, it } from 'vitest';
import type { Queue } from '@mastering/jobs';
import { RESUME_LINK_INVALID } from '@mastering/contracts';
import { createResumeLinks, resumeUrl } from '@mastering/service-kit';
import { reconcileCheckouts, remindUnpaidOrders } from '../../src/payments/abandoned';
import { SECRET, storefrontPerFile } from '../support';
import {
  deliver,
  payOnSandbox,
  placeOrder,
  SANDBOX_KEY,
  sandboxEnv,
  sandboxPerFile,
  startCheckout,
  WEBHOOK_SECRET,
} from '../purchase';

// Abandoned checkouts (issue 25 Deliver 6): one reminder with a resume link, and a lost webhook
// recovered by reading the checkout back from the Yoco sandbox.
const sandbox = sandboxPerFile();
const ctx = storefrontPerFile(() => sandboxEnv(sandbox.url));
const queued: { name: string; data: any }[] = [];
const deps = () => ({
  knex: ctx.db.knex,
  queue: {
    now: async (name: string, data: unknown) => (queued.push({ name, data }), { attrs: { _id: '1' } }),
  } as unknown as Queue,
  yoco: { apiUrl: sandbox.url, secretKey: SANDBOX_KEY, webhookSecret: WEBHOOK_SECRET, sandbox: true },
  // The links point straight at this storefront, so the test can follow them.
  publicUrl: ctx.site.base,
  adminEmail: '',
  resumeLinks: createResumeLinks(SECRET),
  expiryHours: 48,
});
const MINUTE = 60_000;
const backdate = (table: 'orders' | 'payments', where: object, minutes: number) =>
  ctx.db
    .knex(table)
    .where(where)
    .update({ createdAt: new Date(Date.now() - minutes * MINUTE) });
const statusOf = async (orderId: string) => (await ctx.db.knex('orders').where('id', orderId).first()).status;
const mails = (template: string) => queued.filter((j) => j.data.template === template);

beforeEach(() => {
  queued.length = 0;
});

describe('the payment reminder', () => {
  it('is sent once, an hour after the order, with a link that starts a new checkout for the same order', async () => {
    const { orderId } = await placeOrder(ctx.site);
    const { orderId: young } = await placeOrder(ctx.site);
    await backdate('orders', { id: orderId }, 61);
    await backdate('orders', { id: young }, 30);
    expect(await remindUnpaidOrders(deps())).toBe(1);
    expect(await remindUnpaidOrders(deps())).toBe(0);
    const [reminder] = mails('payment-reminder');
    expect(reminder!.data).toMatchObject({
      to: 'naledi@example.com',
      orderId,
      data: { amount: 'R649', expiresInHours: 48 },
      resumeLink: { orderId },
    });
    // The job asks the mail worker to mint the link as it sends: the job row holds no working token.
    expect(JSON.stringify(reminder!.data)).not.toContain('/api/payment/resume/');

    // The link works in any browser (no guest cookie): a new sandbox checkout for the server's total.
    const { expiresAt } = reminder!.data.resumeLink;
    const link = resumeUrl(createResumeLinks(SECRET), ctx.site.base, orderId, new Date(expiresAt));
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${sandbox.url}/checkout/ch_`));
    const [payment] = await ctx.db.knex('payments').where('order_id', orderId);
    expect(payment).toMatchObject({ amountCents: 64_900, status: 'pending' });

    const forged = await fetch(`${ctx.site.base}/api/payment/resume/${'x'.repeat(80)}`, { redirect: 'manual' });
    expect(forged.status).toBe(404);
    expect((await forged.json()).error).toBe(RESUME_LINK_INVALID);
  });
});

describe('reconciliation of a lost webhook', () => {
  it('confirms an order paid at Yoco whose webhook never came, once; the late webhook changes nothing', async () => {
    const { orderId, cookie } = await placeOrder(ctx.site);
    const checkoutId = await startCheckout(ctx.site, orderId, cookie);
    await payOnSandbox(sandbox.url, checkoutId);
    const lost = sandbox.events.at(-1)!;
    // Not yet: a checkout gets ten minutes for its webhook.
    await backdate('payments', { checkout_id: checkoutId }, 5);
    expect(await reconcileCheckouts(deps())).toBe(0);
    expect(await statusOf(orderId)).toBe('pending_payment');

    await backdate('payments', { checkout_id: checkoutId }, 11);
    expect(await reconcileCheckouts(deps())).toBe(1);
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    expect(mails('order-confirmation').map((j) => j.data.to)).toEqual(['naledi@example.com']);
    expect(await reconcileCheckouts(deps())).toBe(0);

    ctx.site.queued.length = 0;
    expect((await deliver(ctx.site, lost)).status).toBe(200);
    expect(await statusOf(orderId)).toBe('payment_confirmed');
    expect(ctx.site.queued.filter((j) => j.data.template === 'order-confirmation')).toEqual([]);
    expect(await ctx.db.knex('payments').where('checkout_id', checkoutId)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('leaves an unpaid checkout pending', async () => {
    const { orderId, cookie } = await placeOrder(ctx.site);
    const checkoutId = await startCheckout(ctx.site, orderId, cookie);
    await backdate('payments', { checkout_id: checkoutId }, 30);
    expect(await reconcileCheckouts(deps())).toBe(0);
    expect(await statusOf(orderId)).toBe('pending_payment');
  });
});
