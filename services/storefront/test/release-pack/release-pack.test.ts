import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderResponse,
  ISRC_INVALID,
  packFormatNotOffered,
  PACK_TRACKS_MISMATCH,
  pricingForApi,
  SiteConfig,
} from '@mastering/contracts';
import { deliver, payOnSandbox, sandboxEnv, sandboxPerFile, startCheckout } from '../purchase';
import { storefrontPerFile, uploadWhole, wav } from '../support';

// The release pack at order time (issue 54 item 2): the server prices the chosen formats from the
// settings, whatever the browser says they cost; the checkout charges and the invoice lists them.
const sandbox = sandboxPerFile();
const ctx = storefrontPerFile(() => sandboxEnv(sandbox.url));

const META = { title: 'Jozi Nights', artist: 'Thandi M', isrc: 'zaabc2600001', year: '2026' };

/** Two uploads of one browser and an order body for them with `releasePack` (and anything else merged in). */
async function orderBody(extra: Record<string, unknown>) {
  const a = await uploadWhole(ctx.site, wav(100));
  const b = await uploadWhole(ctx.site, wav(100), { cookie: a.cookie });
  const file = (originalFilePath: string, originalName: string) => ({
    originalName,
    fileName: originalName,
    fileSize: 100,
    originalFilePath,
  });
  return {
    cookie: a.cookie,
    body: {
      customerEmail: 'thandi@example.com',
      files: [file(a.objectPath, 'one.wav'), file(b.objectPath, 'two.wav')],
      pricing: pricingForApi(computePricing(2)),
      termsAccepted: true,
      ...extra,
    },
  };
}

const post = (body: unknown, cookie: string) =>
  fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
const count = async (table: string) => Number((await ctx.db.knex(table).count({ n: '*' }))[0]!.n);

describe('the release pack at order time', () => {
  it('offers the formats of the settings with their prices on /api/config', async () => {
    const config = SiteConfig.parse(await (await fetch(`${ctx.site.base}/api/config`)).json());
    expect(config.releasePackOffers?.map((o) => [o.format, o.priceCents])).toEqual([
      ['wav24', 0],
      ['wav16', 5000],
      ['flac', 5000],
      ['mp3', 5000],
      ['aac', 5000],
    ]);
  });

  it('prices MP3 + 16-bit WAV on the server (a tampered price is ignored), charges it and invoices it', async () => {
    const tracks = [META, { ...META, title: 'Two' }];
    // Prices a browser slips in are not part of the order and are dropped: the server's figure is charged.
    const { cookie, body } = await orderBody({
      releasePack: { formats: ['mp3', 'wav16'], tracks, priceCents: 0, totalCents: 0 },
      releasePackCents: 0,
    });
    const res = await post(body, cookie);
    expect(res.status).toBe(201);
    const { order } = CreateOrderResponse.parse(await res.json());
    // R649 for mastering two tracks, plus (R50 + R50) x 2 tracks.
    expect(order.total).toBe(849);
    const row = await ctx.db.knex('orders').where('id', order.id).first();
    expect(row).toMatchObject({
      totalCents: 84900,
      releasePackCents: 20000,
      releasePack: {
        formats: [
          { format: 'mp3', unitCents: 5000 },
          { format: 'wav16', unitCents: 5000 },
        ],
      },
    });
    const files = await ctx.db.knex('order_files').where('order_id', order.id).orderBy('original_name');
    // The ISRC is kept in its hyphenated form, whatever case and hyphens were typed.
    expect(files.map((f) => f.releaseMetadata)).toEqual([
      { ...META, isrc: 'ZA-ABC-26-00001' },
      { ...META, title: 'Two', isrc: 'ZA-ABC-26-00001' },
    ]);

    const checkoutId = await startCheckout(ctx.site, order.id, cookie);
    const payment = await ctx.db.knex('payments').where('order_id', order.id).first();
    expect(Number(payment.amountCents)).toBe(84900);
    await payOnSandbox(sandbox.url, checkoutId);
    expect(sandbox.events.at(-1)!.payload.amount).toBe(84900);
    expect((await deliver(ctx.site, sandbox.events.at(-1)!)).status).toBe(200);
    const invoice = await ctx.db.knex('invoices').where('order_id', order.id).first();
    expect(Number(invoice.totalCents)).toBe(84900);
    expect(
      invoice.lines.map((l: { description: string; totalCents: number }) => [l.description, l.totalCents]),
    ).toEqual(
      expect.arrayContaining([
        ['Release pack: MP3 320 kbps', 10000],
        ['Release pack: WAV 16-bit / 44.1 kHz (dithered)', 10000],
      ]),
    );
  });

  it.each([
    ['ZA-ABC-26-0001', 'one digit short'],
    ['Z1-ABC-26-00001', 'a digit in the country'],
    ['ZA-AB!-26-00001', 'a sign in the registrant'],
    ['ZA-ABC-2X-00001', 'a letter in the year'],
  ])('refuses the ISRC %s (%s) with a clear message and places nothing', async (isrc) => {
    const { cookie, body } = await orderBody({ releasePack: { formats: ['mp3'], tracks: [META, { ...META, isrc }] } });
    const before = await count('orders');
    const res = await post(body, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(ISRC_INVALID);
    expect(await count('orders')).toBe(before);
  });

  it('refuses a format the studio no longer offers, and metadata for only some tracks', async () => {
    await ctx.db
      .knex('settings')
      .insert({
        key: 'releasePack',
        value: JSON.stringify({
          offers: {
            wav24: { offered: true, priceCents: 0 },
            wav16: { offered: true, priceCents: 5000 },
            flac: { offered: true, priceCents: 5000 },
            mp3: { offered: true, priceCents: 5000 },
            aac: { offered: false, priceCents: 5000 },
          },
        }),
      })
      .onConflict('key')
      .merge();
    const before = await count('orders');
    const notOffered = await orderBody({ releasePack: { formats: ['aac'], tracks: [] } });
    const res = await post(notOffered.body, notOffered.cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(packFormatNotOffered('aac'));

    const partial = await orderBody({ releasePack: { formats: ['mp3'], tracks: [META] } });
    const res2 = await post(partial.body, partial.cookie);
    expect(res2.status).toBe(400);
    expect((await res2.json()).error).toBe(PACK_TRACKS_MISMATCH);
    expect(await count('orders')).toBe(before);
    await ctx.db.knex('settings').where('key', 'releasePack').delete();
  });
});
