import { describe, expect, it } from 'vitest';
import { computePricing, CreateOrderResponse, pricingForApi, TERMS_REQUIRED } from '@mastering/contracts';
import { JOBS } from '@mastering/jobs';
import { storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();

/** Places a one-track order from a new browser with `consent` merged into the body. */
async function order(consent: Record<string, unknown>) {
  const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1234));
  return fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': '198.51.100.7' },
    body: JSON.stringify({
      customerEmail: 'ayanda@example.com',
      files: [
        { originalName: 'a.wav', fileName: 'a.wav', fileSize: 1, mimeType: 'audio/wav', originalFilePath: objectPath },
      ],
      pricing: pricingForApi(computePricing(1)),
      ...consent,
    }),
  });
}
const orders = async () => Number((await ctx.db.knex('orders').count({ n: '*' }))[0]!.n);

describe('checkout consent', () => {
  it('is required by the server: no tick (or an untrue one) places no order, so nothing can be paid', async () => {
    for (const consent of [{}, { termsAccepted: false }, { termsAccepted: 'yes' }]) {
      const res = await order(consent);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(TERMS_REQUIRED);
    }
    expect(await orders()).toBe(0);
  });

  it('is stored with the order: the time, the texts agreed to, the client address, and the marketing box', async () => {
    const before = Date.now();
    const res = await order({ termsAccepted: true });
    expect(res.status).toBe(201);
    const { id } = CreateOrderResponse.parse(await res.json()).order;
    const row = await ctx.db.knex('orders').where({ id }).first();
    expect(row.termsAcceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row).toMatchObject({ termsTextVersion: 'consent-1; terms v0', marketingConsent: false });
    expect(row.termsClientAddress).toBeTruthy();
    const ticked = CreateOrderResponse.parse(
      await (await order({ termsAccepted: true, marketingConsent: true })).json(),
    );
    expect(await ctx.db.knex('orders').where({ id: ticked.order.id }).first()).toMatchObject({
      marketingConsent: true,
    });
  });

  // Issue 51 finding 5 (POPIA s69): anyone can type any address, so the box asks the address to confirm.
  // Issue 52: the email service owns the consents; the checkout queues the request inside the order's
  // transaction and that service's worker records it and mails the link (services/email/test/consent).
  it('a ticked marketing box only asks: one consent request per ticked order, queued with the order, none unticked', async () => {
    const requests = () => ctx.site.queued.filter((j) => j.name === JOBS.requestConsent);
    ctx.site.queued.length = 0;
    expect((await order({ termsAccepted: true, customerEmail: 'quiet@example.com' })).status).toBe(201);
    expect(requests()).toHaveLength(0);

    const ticked = { termsAccepted: true, marketingConsent: true, customerEmail: 'Someone@Example.com' };
    expect((await order(ticked)).status).toBe(201);
    expect(requests().map((j) => j.data)).toMatchObject([
      { email: 'Someone@Example.com', afterTransaction: expect.stringMatching(/^\d+$/) },
    ]);
    // The storefront writes no consent itself: the email service does, once the order committed.
    expect(await ctx.db.knex('marketing_consents')).toEqual([]);
  });
});
