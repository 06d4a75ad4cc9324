import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderResponse,
  OrderResponse,
  pricingForApi,
  pricingForChoice,
  RELEASE_TRACKS_MISMATCH,
  ReleaseAnswer,
  REFERENCE_SAME_AS_TRACK,
  SiteConfig,
  tooManyPendingUploads,
} from '@mastering/contracts';
import { Release, Setting } from '@mastering/db';
import { createStorage } from '@mastering/storage';
import { sweepAbandonedUploads } from '../../src/uploads/sweeper';
import { createTusStore } from '../../src/uploads/tus-store';
import { uploadWhole, wav, type Storefront } from '../support';
import { deliver, payOnSandbox, refundingStorefrontPerFile, startCheckout } from '../purchase';

// Issue 55: an EP ordered as one release, with a reference track. Its running order, gaps and anchor
// are stored with the order and survive checkout and the payment webhooks (replayed too); the order is
// priced per track at the Settings release price; a bad release changes nothing.
const { sandbox, ctx } = refundingStorefrontPerFile();

/** Three tracks and a reference uploaded by one guest browser. */
async function uploads(site: Storefront) {
  const first = await uploadWhole(site, wav(100));
  const more = await Promise.all([1, 2, 3].map(() => uploadWhole(site, wav(100), { cookie: first.cookie })));
  return { cookie: first.cookie, tracks: [first, more[0]!, more[1]!], reference: more[2]! };
}

const fileOf = (objectPath: string, originalName: string) => ({
  originalName,
  fileName: originalName,
  fileSize: 100,
  originalFilePath: objectPath,
});

async function order(site: Storefront, cookie: string, body: object) {
  return fetch(`${site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ customerEmail: 'naledi@example.com', termsAccepted: true, ...body }),
  });
}

/** The EP request: uploaded as A, B, C; running order C, A, B; B the anchor; C without a gap before it. */
async function epRequest(site: Storefront) {
  const up = await uploads(site);
  const files = [
    fileOf(up.tracks[0]!.objectPath, 'A.wav'),
    fileOf(up.tracks[1]!.objectPath, 'B.wav'),
    fileOf(up.tracks[2]!.objectPath, 'C.wav'),
  ];
  const release = {
    kind: 'ep',
    title: 'Winter Sessions',
    artist: 'Naledi',
    notes: 'Warm, not loud.',
    tracks: [
      { file: 2, gapSeconds: null },
      { file: 0, gapSeconds: 2, notes: 'Fade the tail.' },
      { file: 1, gapSeconds: 4.5 },
    ],
    anchor: 2,
    references: [
      {
        originalFilePath: up.reference.objectPath,
        originalName: 'Reference.wav',
        takes: ['loudness', 'width'],
        note: 'This loud.',
      },
    ],
  };
  return { up, files, release };
}

describe('an EP as one release', () => {
  it('is priced per track at the release price from Settings and survives checkout and replayed webhooks', async () => {
    await Setting.query(ctx.db.knex)
      .insert({ key: 'releases', value: { releaseTrackPriceCents: 29_900 } })
      .onConflict('key')
      .merge();
    const config = SiteConfig.parse(await (await fetch(`${ctx.site.base}/api/config`)).json());
    expect(config.releaseTrackPriceCents).toBe(29_900);

    const { up, files, release } = await epRequest(ctx.site);
    const singlePrice = pricingForApi(computePricing(3));
    // The single price is refused for a release: the server prices it (409 with its price).
    expect((await order(ctx.site, up.cookie, { files, release, pricing: singlePrice })).status).toBe(409);
    const price = await releasePrice(3);
    const res = await order(ctx.site, up.cookie, { files, release, pricing: price });
    expect(res.status).toBe(201);
    const { order: placed } = CreateOrderResponse.parse(await res.json());
    expect(placed.total).toBe(897 - Math.round((897 * config.launchDiscountPercent) / 100));

    const checkoutId = await startCheckout(ctx.site, placed.id, up.cookie);
    await payOnSandbox(sandbox.url, checkoutId);
    const paid = sandbox.events.at(-1)!;
    expect((await deliver(ctx.site, paid)).status).toBe(200);
    expect((await deliver(ctx.site, paid)).status).toBe(200);

    const answer = OrderResponse.parse(
      await (await fetch(`${ctx.site.base}/api/orders/${placed.id}`, { headers: { cookie: up.cookie } })).json(),
    );
    expect(answer.order.status).toBe('payment_confirmed');
    const token = new URL(answer.orderPageUrl!, 'http://x').searchParams.get('t')!;
    const view = await fetch(`${ctx.site.base}/api/orders/${placed.id}/release?t=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    const stored = ReleaseAnswer.parse(await view.json()).release!;
    expect(stored).toMatchObject({ kind: 'ep', title: 'Winter Sessions', artist: 'Naledi', notes: 'Warm, not loud.' });
    expect(stored.tracks.map((t) => [t.number, t.originalName, t.gapSeconds, t.anchor, t.notes])).toEqual([
      [1, 'C.wav', null, false, null],
      [2, 'A.wav', 2, false, 'Fade the tail.'],
      [3, 'B.wav', 4.5, true, null],
    ]);
    expect(stored.references).toEqual([
      expect.objectContaining({
        originalName: 'Reference.wav',
        takes: ['loudness', 'width'],
        note: 'This loud.',
        fileId: null,
        // No storage path for the customer: a short-lived link that plays it (served by ops).
        filePath: null,
        url: expect.stringMatching(/^\/api\/downloads\/file\/[^/]+$/),
      }),
    ]);
    // The link is the permission: a tampered one is refused.
    const at = Math.floor(token.length / 2);
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(
      (await fetch(`${ctx.site.base}/api/orders/${placed.id}/release?t=${encodeURIComponent(forged)}`)).status,
    ).toBe(403);
  });

  it('refuses a running order that leaves a track out, or a reference that is one of the tracks, placing nothing', async () => {
    const { up, files, release } = await epRequest(ctx.site);
    const pricing = await releasePrice(3);
    const before = await Release.query(ctx.db.knex).resultSize();
    const short = await order(ctx.site, up.cookie, {
      files,
      pricing,
      release: { ...release, tracks: release.tracks.slice(0, 2), anchor: 0 },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe(RELEASE_TRACKS_MISMATCH);
    const sameRef = await order(ctx.site, up.cookie, {
      files,
      pricing,
      release: {
        ...release,
        references: [{ ...release.references[0]!, originalFilePath: files[0]!.originalFilePath }],
      },
    });
    expect(sameRef.status).toBe(400);
    expect((await sameRef.json()).error).toBe(REFERENCE_SAME_AS_TRACK);
    expect(await Release.query(ctx.db.knex).resultSize()).toBe(before);
  });

  it('counts a reference track toward the visitor’s upload limit until its order is paid', async () => {
    await Setting.query(ctx.db.knex)
      .insert({ key: 'security', value: { uploadFilesPerVisitor: 4 } })
      .onConflict('key')
      .merge();
    try {
      const { up, files, release } = await epRequest(ctx.site);
      const res = await order(ctx.site, up.cookie, { files, release, pricing: await releasePrice(3) });
      expect(res.status).toBe(201);
      const { order: placed } = CreateOrderResponse.parse(await res.json());
      const openUpload = () =>
        fetch(`${ctx.site.base}/api/files/upload`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: up.cookie },
        });
      // Three tracks and the reference in an unpaid order: a fifth upload is refused.
      const fifth = await openUpload();
      expect(fifth.status).toBe(429);
      expect((await fifth.json()).error).toBe(tooManyPendingUploads('visitor', 4));
      await payOnSandbox(sandbox.url, await startCheckout(ctx.site, placed.id, up.cookie));
      expect((await deliver(ctx.site, sandbox.events.at(-1)!)).status).toBe(200);
      // Paid: none of the four counts any more, the reference included.
      expect((await openUpload()).status).toBe(200);
    } finally {
      await Setting.query(ctx.db.knex).deleteById('security');
    }
  });

  it('keeps an ordered reference track from the sweep of abandoned uploads, which takes a stray one', async () => {
    const { up, files, release } = await epRequest(ctx.site);
    expect((await order(ctx.site, up.cookie, { files, release, pricing: await releasePrice(3) })).status).toBe(201);
    const stray = await uploadWhole(ctx.site, wav(100), { cookie: up.cookie });
    const config = { driver: 'local', root: ctx.site.storageDir } as const;
    const storage = createStorage(config);
    const deps = { knex: ctx.db.knex, storage, tus: createTusStore(config, storage, ctx.site.storageDir) };
    // Everything is older than an hour from now.
    await sweepAbandonedUploads(deps, -1);
    const ids = (path: string) => path.split('/').at(-1)!;
    const left = await ctx.db.knex('uploads').whereIn('id', [ids(up.reference.objectPath), ids(stray.objectPath)]);
    expect(left.map((u: { id: string }) => u.id)).toEqual([ids(up.reference.objectPath)]);
  });
});

/** The server's price of a release of `tracks` tracks, as the upload page computes it from /api/config. */
async function releasePrice(tracks: number) {
  const config = SiteConfig.parse(await (await fetch(`${ctx.site.base}/api/config`)).json());
  const release = { releaseTrackPriceCents: config.releaseTrackPriceCents ?? null };
  return pricingForApi(computePricing(tracks, pricingForChoice('ep', config, release)));
}
