import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CustomerOrderView,
  fileAlreadyOrdered,
  fileNotUploadedHere,
  fileStillUploading,
  ORDER_LINK_INVALID,
  REPLACEMENT_NOT_UPLOADED,
  replacementClosed,
  TRACK_NOT_FLAGGED,
  type OrderStatus,
  objectKeyOfPath,
  uploadIdOfKey,
} from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { insertOneTrackOrder, SECRET, storefrontPerFile, uploadWhole, wav } from '../support';

// Issue 25: on the order page, a track the analysis flagged gets a Replace file control; the new file comes
// through the one upload path and the track is pointed at it, only by the link's holder, only while open.

const ctx = storefrontPerFile();
const links = createOrderLinks(SECRET);
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const FLAG = 'The file is silent: it contains no audible sound. Please check that you exported the right file.';
const tokenOf = (orderId: string) => new URL(orderPageUrl(links, 'http://x', orderId)).searchParams.get('t')!;
const storedFile = (objectPath: string) =>
  path.join(ctx.site.storageDir, 'uploads', uploadIdOfKey(objectKeyOfPath(objectPath))!);

/** A paid order of one track whose real upload the analysis flagged (`flagged: false`: measured fine). */
async function seed({ status = 'in_progress', flagged = true }: { status?: OrderStatus; flagged?: boolean } = {}) {
  const knex = ctx.db.knex;
  const original = await uploadWhole(ctx.site, wav(200));
  const id = await insertOneTrackOrder(knex, status, { paidAt: ago(2 * HOUR) });
  const [{ id: fileId }] = await knex('orderFiles')
    .insert({
      orderId: id,
      originalName: 'Sunset.wav',
      fileName: 'Sunset.wav',
      fileSize: 200,
      originalFilePath: original.objectPath,
    })
    .returning('id');
  await knex('uploads')
    .where('id', uploadIdOfKey(objectKeyOfPath(original.objectPath)))
    .update({ orderFileId: fileId });
  await knex('fileAnalyses').insert({
    fileId,
    role: 'original',
    analyserVersion: 't',
    status: flagged ? 'error' : 'ok',
    errorReason: flagged ? FLAG : null,
    integratedLufs: flagged ? null : -14,
    waveform: JSON.stringify([]),
    analysedAt: ago(HOUR),
  });
  return { id: id as string, fileId: fileId as string, token: tokenOf(id), original };
}

const replace = (orderId: string, body: object, cookie?: string) =>
  fetch(`${ctx.site.base}/api/orders/${orderId}/replacements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const view = async (orderId: string, token: string) =>
  CustomerOrderView.parse(await (await fetch(`${ctx.site.base}/api/orders/${orderId}/view?t=${token}`)).json());
const analysisJobs = () => ctx.site.queued.filter((job) => job.name === 'audio.analyse');

/** The track's row and its uploads as stored, to prove a refusal changed nothing. */
async function stateOf(fileId: string) {
  const file = await ctx.db.knex('orderFiles').where('id', fileId).first();
  const uploads = await ctx.db.knex('uploads').where('orderFileId', fileId).select('id');
  return { path: file.originalFilePath, replacedAt: file.replacedAt, uploads: uploads.map((u) => u.id) };
}

describe('replacing a flagged track from the order page', () => {
  it('offers Replace file for a flagged track of an open order, and none for a measured one', async () => {
    const flagged = await seed();
    expect((await view(flagged.id, flagged.token)).tracks[0]).toMatchObject({
      needsReplacing: FLAG,
      replaceable: true,
      replacedAt: null,
    });
    const fine = await seed({ flagged: false });
    expect((await view(fine.id, fine.token)).tracks[0]).toMatchObject({ needsReplacing: null, replaceable: false });
    const delivered = await seed({ status: 'delivered' });
    expect((await view(delivered.id, delivered.token)).tracks[0]).toMatchObject({
      needsReplacing: FLAG,
      replaceable: false,
    });
  });

  it('points the track at the new upload, deletes the flagged one, records when and analyses it again', async () => {
    const order = await seed();
    const fresh = await uploadWhole(ctx.site, wav(300));
    const jobsBefore = analysisJobs().length;
    const res = await replace(
      order.id,
      { t: order.token, fileId: order.fileId, originalFilePath: fresh.objectPath },
      fresh.cookie,
    );
    expect(res.status).toBe(200);
    const track = CustomerOrderView.parse(await res.json()).tracks[0]!;
    // The old flag measured the old file: until the new analysis lands the page says it is being checked.
    expect(track).toMatchObject({ needsReplacing: null, replaceable: false, original: null });
    expect(track.replacedAt).not.toBeNull();

    const file = await ctx.db.knex('orderFiles').where('id', order.fileId).first();
    expect(file).toMatchObject({ originalFilePath: fresh.objectPath, fileSize: '300', originalName: 'Sunset.wav' });
    expect(file.replacedAt).toBeInstanceOf(Date);
    const uploads = await ctx.db.knex('uploads').where('orderFileId', order.fileId).select('id');
    expect(uploads.map((u) => u.id)).toEqual([uploadIdOfKey(objectKeyOfPath(fresh.objectPath))]);
    expect(await ctx.db.knex('uploads').where('id', uploadIdOfKey(objectKeyOfPath(order.original.objectPath)))).toEqual(
      [],
    );
    expect(existsSync(storedFile(order.original.objectPath))).toBe(false);
    expect(existsSync(storedFile(fresh.objectPath))).toBe(true);
    expect(analysisJobs().slice(jobsBefore)).toEqual([
      expect.objectContaining({ data: { fileId: order.fileId, role: 'original' } }),
    ]);

    // The new analysis lands: the page shows it, and the track is no longer flagged.
    await ctx.db
      .knex('fileAnalyses')
      .where({ fileId: order.fileId, role: 'original' })
      .update({ status: 'ok', errorReason: null, integratedLufs: -11.2, analysedAt: new Date() });
    expect((await view(order.id, order.token)).tracks[0]).toMatchObject({
      needsReplacing: null,
      original: { integratedLufs: -11.2 },
    });
    // A second replacement of a track no longer flagged is refused.
    const again = await uploadWhole(ctx.site, wav(100), { cookie: fresh.cookie });
    const refused = await replace(
      order.id,
      { t: order.token, fileId: order.fileId, originalFilePath: again.objectPath },
      fresh.cookie,
    );
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe(TRACK_NOT_FLAGGED);
  });

  it('refuses a track that is not flagged, and an order delivered, refunded or expired, changing nothing', async () => {
    const cases: [Awaited<ReturnType<typeof seed>>, string][] = [
      [await seed({ flagged: false }), TRACK_NOT_FLAGGED],
      [await seed({ status: 'delivered' }), replacementClosed('delivered')],
      [await seed({ status: 'refunded' }), replacementClosed('refunded')],
      [await seed({ status: 'expired' }), replacementClosed('expired')],
    ];
    const jobsBefore = analysisJobs().length;
    for (const [order, message] of cases) {
      const before = await stateOf(order.fileId);
      const fresh = await uploadWhole(ctx.site, wav(100));
      const res = await replace(
        order.id,
        { t: order.token, fileId: order.fileId, originalFilePath: fresh.objectPath },
        fresh.cookie,
      );
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe(message);
      expect(await stateOf(order.fileId)).toEqual(before);
      expect(existsSync(storedFile(order.original.objectPath))).toBe(true);
    }
    expect(analysisJobs().length).toBe(jobsBefore);
  });

  it('refuses a bad link, another browser’s or an unfinished upload, and a path that is no upload', async () => {
    const order = await seed();
    const other = await seed();
    const before = await stateOf(order.fileId);
    const fresh = await uploadWhole(ctx.site, wav(100));
    const body = { t: order.token, fileId: order.fileId, originalFilePath: fresh.objectPath };

    for (const t of [other.token, `${order.token.slice(0, -2)}xx`]) {
      const res = await replace(order.id, { ...body, t }, fresh.cookie);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(ORDER_LINK_INVALID);
    }
    // Someone else's browser cannot attach this browser's upload (nor learn whether it exists).
    const stranger = await uploadWhole(ctx.site, wav(100));
    let res = await replace(order.id, body, stranger.cookie);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(fileNotUploadedHere('The new file'));
    // An upload already the track of another order.
    res = await replace(order.id, { ...body, originalFilePath: other.original.objectPath }, other.original.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(fileAlreadyOrdered('The new file'));
    // An upload opened but not finished.
    const opened = await fetch(`${ctx.site.base}/api/files/upload`, {
      method: 'POST',
      headers: { cookie: fresh.cookie },
    });
    const { uploadURL } = (await opened.json()) as { uploadURL: string };
    res = await replace(
      order.id,
      { ...body, originalFilePath: `/objects/${uploadURL.split('/').pop()}` },
      fresh.cookie,
    );
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(fileStillUploading('The new file'));
    // Not an upload's path at all.
    res = await replace(order.id, { ...body, originalFilePath: '/etc/passwd' }, fresh.cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(REPLACEMENT_NOT_UPLOADED);
    // A track of another order.
    res = await replace(order.id, { ...body, fileId: other.fileId }, fresh.cookie);
    expect(res.status).toBe(404);

    expect(await stateOf(order.fileId)).toEqual(before);
    expect(
      await ctx.db
        .knex('uploads')
        .where('id', uploadIdOfKey(objectKeyOfPath(fresh.objectPath)))
        .first(),
    ).toMatchObject({
      orderFileId: null,
    });
  });
});
