import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderResponse,
  fileAlreadyOrdered,
  fileNotUploadedHere,
  fileStillUploading,
  MAINTENANCE_NOTICE,
  NO_FILES,
  OrderResponse,
  pricingForApi,
  priceChanged,
  type CreateOrderBody,
} from '@mastering/contracts';
import { guestCookieFrom, signedInAs, storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();

const postOrder = (body: unknown, cookie?: string) =>
  fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const getOrder = (id: string, headers: Record<string, string> = {}) =>
  fetch(`${ctx.site.base}/api/orders/${id}`, { headers });
const fileOf = (objectPath: string, originalName: string, extra: Partial<CreateOrderBody['files'][number]> = {}) => ({
  originalName,
  fileName: originalName,
  fileSize: 1,
  mimeType: 'audio/wav',
  originalFilePath: objectPath,
  ...extra,
});
const count = async (table: string) => Number((await ctx.db.knex(table).count({ n: '*' }))[0]!.n);

/** Two tracks uploaded by one new guest browser. */
async function twoUploads() {
  const a = await uploadWhole(ctx.site, wav(1234));
  const b = await uploadWhole(ctx.site, wav(4321), { cookie: a.cookie });
  return { cookie: a.cookie, paths: [a.objectPath, b.objectPath] as const };
}

describe('POST /api/orders', () => {
  it("places the order from this browser's uploads at the server's price, in one go", async () => {
    const { cookie, paths } = await twoUploads();
    const body = {
      customerEmail: 'lerato@example.com',
      files: [
        fileOf(paths[0], 'Summer Mix #1.wav', { masteringStyle: 'Modern', volumeMatch: 'true' }),
        fileOf(paths[1], 'b side.wav', { fileName: '../../etc/passwd' }),
      ],
      pricing: pricingForApi(computePricing(2)),
      termsAccepted: true,
    };
    const res = await postOrder(body, cookie);
    expect(res.status).toBe(201);
    const { order } = CreateOrderResponse.parse(await res.json());
    // R499 x 2 = R998, 35% off rounded to a rand = R349, total R649.
    expect(order).toMatchObject({ status: 'pending_payment', total: 649 });

    const row = await ctx.db.knex('orders').where('id', order.id).first();
    expect(row).toMatchObject({
      customerEmail: 'lerato@example.com',
      subtotalCents: 99800,
      discountCents: 34900,
      totalCents: 64900,
      trackCount: 2,
      discountPercent: 35,
    });
    const files = await ctx.db.knex('order_files').where('order_id', order.id).orderBy('original_name');
    // Sizes come from what was stored, names are sanitised by the server whatever the browser sent.
    expect(files.map((f) => [f.originalName, f.fileName, Number(f.fileSize), f.volumeMatch])).toEqual([
      ['Summer Mix #1.wav', 'Summer_Mix__1.wav', 1234, true],
      ['b side.wav', 'b_side.wav', 4321, false],
    ]);
    const uploads = await ctx.db.knex('uploads').whereIn(
      'order_file_id',
      files.map((f) => f.id),
    );
    expect(uploads).toHaveLength(2);
    // Nothing is analysed before the order is paid (see the payment webhook's test).
    expect(ctx.site.queued.filter((job) => job.name === 'audio.analyse')).toEqual([]);
  });

  it("refuses a browser total that differs from the server's (409) and changes nothing", async () => {
    const { cookie, paths } = await twoUploads();
    const before = await count('orders');
    const cheap = { ...pricingForApi(computePricing(2)), total: 1, discount: 997 };
    const res = await postOrder(
      {
        customerEmail: 'a@example.com',
        files: [fileOf(paths[0], 'a.wav'), fileOf(paths[1], 'b.wav')],
        pricing: cheap,
        termsAccepted: true,
      },
      cookie,
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe(priceChanged(649, 2));
    expect(body.details.pricing).toMatchObject({ total: 649, trackCount: 2 });
    expect(await count('orders')).toBe(before);
    expect(
      await ctx.db
        .knex('uploads')
        .whereNotNull('order_file_id')
        .whereIn(
          'id',
          paths.map((p) => p.split('/').at(-1)!),
        ),
    ).toHaveLength(0);
  });

  it('refuses files uploaded by another browser (403), or by nobody known (403)', async () => {
    const { paths } = await twoUploads();
    const stranger = await uploadWhole(ctx.site, wav(10));
    const body = {
      customerEmail: 'a@example.com',
      files: [fileOf(paths[0], 'theirs.wav')],
      pricing: pricingForApi(computePricing(1)),
      termsAccepted: true,
    };
    const res = await postOrder(body, stranger.cookie);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(fileNotUploadedHere('theirs.wav'));
    expect((await postOrder(body)).status).toBe(403);
  });

  it('refuses a file still uploading (400) and a file already in an order (409)', async () => {
    const opened = await fetch(`${ctx.site.base}/api/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const cookie = guestCookieFrom(opened);
    const { uploadURL } = await opened.json();
    const pending = `/objects/${uploadURL.split('/').at(-1)}`;
    const one = pricingForApi(computePricing(1));
    const res = await postOrder(
      { customerEmail: 'a@example.com', files: [fileOf(pending, 'half.wav')], pricing: one, termsAccepted: true },
      cookie,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(fileStillUploading('half.wav'));

    const done = await uploadWhole(ctx.site, wav(10), { cookie });
    expect(
      (
        await postOrder(
          {
            customerEmail: 'a@example.com',
            files: [fileOf(done.objectPath, 'once.wav')],
            pricing: one,
            termsAccepted: true,
          },
          cookie,
        )
      ).status,
    ).toBe(201);
    const again = await postOrder(
      {
        customerEmail: 'a@example.com',
        files: [fileOf(done.objectPath, 'once.wav')],
        pricing: one,
        termsAccepted: true,
      },
      cookie,
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(fileAlreadyOrdered('once.wav'));
  });

  it("validates the body with the contract: no files gives the spec's message (400)", async () => {
    const res = await postOrder({
      customerEmail: 'a@example.com',
      files: [],
      pricing: pricingForApi(computePricing(1)),
      termsAccepted: true,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(NO_FILES);
  });
});

describe('GET /api/orders/:id', () => {
  it('answers the order to the browser that placed it and to staff, and 404 to anyone else', async () => {
    const { cookie, paths } = await twoUploads();
    const placed = await postOrder(
      {
        customerEmail: 'sipho@example.com',
        files: [fileOf(paths[0], 'a.wav'), fileOf(paths[1], 'b.wav')],
        pricing: pricingForApi(computePricing(2)),
        termsAccepted: true,
      },
      cookie,
    );
    const { order } = CreateOrderResponse.parse(await placed.json());

    const own = await getOrder(order.id, { cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const raw = await own.json();
    const { order: read } = OrderResponse.parse(raw);
    expect(read).toMatchObject({
      id: order.id,
      status: 'pending_payment',
      total: 649,
      customerEmail: 'sipho@example.com',
      trackCount: 2,
    });
    expect(read.files.map((f) => f.originalName)).toEqual(['a.wav', 'b.wav']);
    // Only what the outcome pages need: no storage paths or engineers' notes.
    expect(JSON.stringify(raw)).not.toMatch(/objects|FilePath|processingNotes/);

    expect((await getOrder(order.id, await signedInAs('engineer'))).status).toBe(200);
    const stranger = await uploadWhole(ctx.site, wav(10));
    expect((await getOrder(order.id, { cookie: stranger.cookie })).status).toBe(404);
    expect((await getOrder(order.id)).status).toBe(404);
    expect((await getOrder(order.id, await signedInAs('customer'))).status).toBe(404);
    expect((await getOrder('00000000-0000-4000-8000-000000000000', { cookie })).status).toBe(404);
    expect((await getOrder('nope', { cookie })).status).toBe(400);
  });
});

describe('a signed-in buyer', () => {
  it('owns uploads and the order by account, with no guest cookie, on any browser signed in as them', async () => {
    const [user] = await ctx.db
      .knex('users')
      .insert({ email: 'member@example.com', role: 'customer', is_active: true })
      .returning('id');
    const me = await signedInAs('customer', user.id);
    const opened = await fetch(`${ctx.site.base}/api/files/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...me },
    });
    expect(opened.headers.get('set-cookie')).toBeNull();
    const { uploadURL } = await opened.json();
    expect(
      (
        await fetch(`${ctx.site.base}${uploadURL}`, {
          method: 'PUT',
          headers: { 'content-type': 'audio/wav' },
          body: new Uint8Array(wav(100)),
        })
      ).status,
    ).toBe(200);
    const placed = await fetch(`${ctx.site.base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...me },
      body: JSON.stringify({
        customerEmail: 'member@example.com',
        files: [fileOf(`/objects/${uploadURL.split('/').at(-1)}`, 'mine.mp3')],
        pricing: pricingForApi(computePricing(1)),
        termsAccepted: true,
      }),
    });
    expect(placed.status).toBe(201);
    const { order } = CreateOrderResponse.parse(await placed.json());
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({
      userId: user.id,
      guestKeyHash: null,
    });
    expect((await getOrder(order.id, me)).status).toBe(200);
    expect((await getOrder(order.id, await signedInAs('customer'))).status).toBe(404);
  });
});

describe('maintenance mode', () => {
  it('refuses a new order with the notice and keeps everything as it was', async () => {
    const { cookie, paths } = await twoUploads();
    const general = {
      siteName: 'Mastering Studio',
      siteDescription: '',
      contactEmail: '',
      supportEmail: '',
      maintenanceMode: true,
      enableAnalytics: true,
    };
    await ctx.db
      .knex('settings')
      .insert({ key: 'general', value: JSON.stringify(general) })
      .onConflict('key')
      .merge();
    try {
      const before = await count('orders');
      const res = await postOrder(
        {
          customerEmail: 'lerato@example.com',
          files: [fileOf(paths[0], 'a.wav'), fileOf(paths[1], 'b.wav')],
          pricing: pricingForApi(computePricing(2)),
          termsAccepted: true,
        },
        cookie,
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: MAINTENANCE_NOTICE });
      expect(await count('orders')).toBe(before);
    } finally {
      await ctx.db.knex('settings').where({ key: 'general' }).delete();
    }
  });
});

describe('genre', () => {
  it('keeps the genre a customer gave a track, so analytics can group by it, and refuses an unknown one', async () => {
    const { cookie, paths } = await twoUploads();
    const body = {
      customerEmail: 'genre@example.com',
      files: [fileOf(paths[0], 'a.wav', { genre: 'Jazz' }), fileOf(paths[1], 'b.wav')],
      pricing: pricingForApi(computePricing(2)),
      termsAccepted: true,
    };
    expect(
      (
        await postOrder(
          { ...body, files: [fileOf(paths[0], 'a.wav', { genre: 'Polka' as never }), body.files[1]] },
          cookie,
        )
      ).status,
    ).toBe(400);
    const res = await postOrder(body, cookie);
    expect(res.status).toBe(201);
    const { order } = CreateOrderResponse.parse(await res.json());
    const genres = await ctx.db.knex('order_files').where('order_id', order.id).orderBy('original_name').pluck('genre');
    expect(genres).toEqual(['Jazz', null]);
  });
});
