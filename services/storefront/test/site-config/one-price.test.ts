import { describe, expect, it } from 'vitest';
import { computePricing, CreateOrderResponse, DEFAULT_PRICING, pricingForApi, SiteConfig } from '@mastering/contracts';
import { storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();

const storePricing = (value: object) =>
  ctx.db
    .knex('settings')
    .insert({ key: 'pricing', value: JSON.stringify(value) })
    .onConflict('key')
    .merge();
const config = async () => SiteConfig.parse(await (await fetch(`${ctx.site.base}/api/config`)).json());

async function orderOneTrack(discountPercent: number) {
  const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1234));
  const pricing = pricingForApi(computePricing(1, { ...DEFAULT_PRICING, launchDiscountPercent: discountPercent }));
  return fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      customerEmail: 'thandi@example.com',
      files: [
        { originalName: 'a.wav', fileName: 'a.wav', fileSize: 1, mimeType: 'audio/wav', originalFilePath: objectPath },
      ],
      pricing,
      termsAccepted: true,
    }),
  });
}

describe('the launch special ends at the date stored in Settings', () => {
  it('promotes and charges the discount until then, with the end date for the countdown', async () => {
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    await storePricing({ ...DEFAULT_PRICING, launchEndsAt: endsAt });
    expect(await config()).toMatchObject({ launchSpecial: true, launchEndsAt: endsAt, discountedPricePerTrack: 324 });
    const res = await orderOneTrack(35);
    expect(res.status).toBe(201);
    expect(CreateOrderResponse.parse(await res.json()).order.total).toBe(324);
  });

  it('after the end date, shows and charges the base price only (a discounted total is refused)', async () => {
    await storePricing({ ...DEFAULT_PRICING, launchEndsAt: new Date(Date.now() - 1000).toISOString() });
    expect(await config()).toMatchObject({ launchSpecial: false, launchEndsAt: null, discountedPricePerTrack: 499 });
    expect((await orderOneTrack(35)).status).toBe(409);
    const res = await orderOneTrack(0);
    expect(res.status).toBe(201);
    expect(CreateOrderResponse.parse(await res.json()).order.total).toBe(499);
  });
});
