// GET /api/config: what every page reads first (prices, limits, the studio's name). Computed by the
// server from the settings rows, never from what the browser sends.
import { describe, expect, it } from 'vitest';
import { storefrontPerFile } from '../support';

const ctx = storefrontPerFile();

describe('GET /api/config', () => {
  it('computes prices from the settings row, not from anything the browser sends', async () => {
    const res = await fetch(`${ctx.site.base}/api/config?basePrice=1`);
    expect(await res.json()).toMatchObject({
      currency: 'ZAR',
      basePrice: 499,
      launchDiscountPercent: 35,
      maxFileSizeMb: 500,
    });
    await ctx.db
      .knex('settings')
      .insert({
        key: 'pricing',
        value: JSON.stringify({ basePriceCents: 59900, launchDiscountPercent: 20, maxFileSizeMb: 500 }),
      })
      .onConflict('key')
      .merge();
    expect(await (await fetch(`${ctx.site.base}/api/config`)).json()).toMatchObject({
      basePrice: 599,
      launchDiscountPercent: 20,
    });
  });

  it('names the studio and its support address as Settings → General says', async () => {
    expect(await (await fetch(`${ctx.site.base}/api/config`)).json()).toMatchObject({
      siteName: 'Mastering Studio',
      supportEmail: 'support@mastering.co.za',
    });
    const general = {
      siteName: 'Studio Jozi',
      siteDescription: 'Masters from Johannesburg',
      contactEmail: 'hello@jozi.example',
      supportEmail: '',
      maintenanceMode: false,
      enableAnalytics: true,
    };
    await ctx.db
      .knex('settings')
      .insert({ key: 'general', value: JSON.stringify(general) })
      .onConflict('key')
      .merge();
    expect(await (await fetch(`${ctx.site.base}/api/config`)).json()).toMatchObject({
      siteName: 'Studio Jozi',
      siteDescription: 'Masters from Johannesburg',
      supportEmail: 'hello@jozi.example',
    });
    await ctx.db.knex('settings').where({ key: 'general' }).delete();
  });
});
