import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderDetail,
  CoherenceTable,
  Delivery,
  RELEASE_TRACKS_MISMATCH,
  ReleaseAnswer,
  UploadUrlResponse,
} from '@mastering/contracts';
import { sine, wav } from '@mastering/audio-analysis/testing';
import { Release, ReleaseReference, ReleaseTrack } from '@mastering/db';
import { mintedDownloadUrl, opsPerFile } from '../support';
import { cast, completeUploadAt, json, seedOrder, type Person } from '../fulfilment-support';

// Issue 55, the engineer's side of a release: the release as one unit, a new running order that keeps
// each track's revisions, gaps and anchor, the coherence table of the masters (a master 3 LU louder
// than the anchor flagged, one within the tolerance not), and the delivery zip in running order.
const ctx = opsPerFile();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(ctx.db.knex, 'release.test');
});

const call = (method: string, path: string, who?: Person, body?: unknown) =>
  fetch(path.startsWith('http') ? path : `${ctx.base}${path}`, {
    method,
    headers: json(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** An order of A, B, C as the EP C, A, B: B the anchor, no gap before A, a reference for the release. */
async function seedRelease(email: string) {
  const order = await seedOrder(ctx.db.knex, ctx.storage, {
    email,
    status: 'in_progress',
    names: ['A.wav', 'B.wav', 'C.wav'],
  });
  const [a, b, c] = order.files.map((f) => f.id) as [string, string, string];
  const release = await Release.query(ctx.db.knex).insert({
    orderId: order.id,
    kind: 'ep',
    title: 'Dusk',
    artist: 'Zola',
  });
  await ReleaseTrack.query(ctx.db.knex).insert([
    { releaseId: release.id, fileId: c, position: 1, gapMs: 2000, isAnchor: false, notes: null },
    { releaseId: release.id, fileId: a, position: 2, gapMs: null, isAnchor: false, notes: 'Tail.' },
    { releaseId: release.id, fileId: b, position: 3, gapMs: 1500, isAnchor: true, notes: null },
  ] as never);
  // The reference's bytes, stored as its upload's object.
  const referenceUpload = randomUUID();
  await ctx.storage.put(`uploads/${referenceUpload}`, Buffer.from('reference bytes'), { contentType: 'audio/wav' });
  await ReleaseReference.query(ctx.db.knex).insert({
    releaseId: release.id,
    orderId: order.id,
    fileId: null,
    uploadId: null,
    originalName: 'Ref.wav',
    filePath: `/objects/${referenceUpload}`,
    takes: ['tone'],
    note: 'Warm like this.',
  } as never);
  return { orderId: order.id, a, b, c };
}

/** The spec's master sequence: upload-url, the bytes, confirm-upload. */
async function uploadMaster(fileId: string, bytes: Buffer, filename: string) {
  const res = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, people.engineer, {
    filename,
    contentType: 'audio/wav',
  });
  const { uploadURL } = UploadUrlResponse.parse(await res.json());
  const { objectPath } = await completeUploadAt(ctx.db.knex, ctx.storage, uploadURL, bytes);
  const confirmed = await call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, people.engineer, {
    uploadedFilePath: objectPath,
  });
  expect(confirmed.status).toBe(200);
}

const tracksOf = (answer: ReleaseAnswer) =>
  answer.release!.tracks.map((t) => [t.number, t.originalName, t.gapSeconds, t.anchor]);

describe('a release for the engineer', () => {
  it('is read as one unit by staff only, and null for an order of singles', async () => {
    const { orderId } = await seedRelease('read@release.test');
    const res = await call('GET', `/api/admin/orders/${orderId}/release`, people.engineer);
    expect(res.status).toBe(200);
    const answer = ReleaseAnswer.parse(await res.json());
    expect(answer.release).toMatchObject({ kind: 'ep', title: 'Dusk', artist: 'Zola' });
    expect(tracksOf(answer)).toEqual([
      [1, 'C.wav', 2, false],
      [2, 'A.wav', null, false],
      [3, 'B.wav', 1.5, true],
    ]);
    expect(answer.release!.references).toEqual([expect.objectContaining({ originalName: 'Ref.wav', takes: ['tone'] })]);
    // The engineer plays the reference through a signed link.
    const played = await call('GET', answer.release!.references[0]!.url!);
    expect(played.status).toBe(200);
    expect(await played.text()).toBe('reference bytes');
    expect((await call('GET', `/api/admin/orders/${orderId}/release`, people.customer)).status).toBe(403);
    const single = await seedOrder(ctx.db.knex, ctx.storage, { email: 'single@release.test' });
    expect(await (await call('GET', `/api/admin/orders/${single.id}/release`, people.engineer)).json()).toEqual({
      release: null,
    });
  });

  it('reorders the running order keeping each track’s revisions, gap, notes and anchor', async () => {
    const { orderId, a, b, c } = await seedRelease('reorder@release.test');
    await ctx.db.knex('revision_requests').insert([
      { orderId, fileId: a, round: 1, note: 'More air on A' },
      { orderId, fileId: b, round: 1, note: 'Less bass on B' },
    ]);
    const res = await call('PUT', `/api/admin/orders/${orderId}/release/running-order`, people.engineer, {
      fileIds: [a, b, c],
    });
    expect(res.status).toBe(200);
    expect(tracksOf(ReleaseAnswer.parse(await res.json()))).toEqual([
      [1, 'A.wav', null, false],
      [2, 'B.wav', 1.5, true],
      [3, 'C.wav', 2, false],
    ]);
    const detail = AdminOrderDetail.parse(
      await (await call('GET', `/api/admin/orders/${orderId}`, people.engineer)).json(),
    );
    expect(detail.revisions.map((r) => [r.fileId, r.note]).sort()).toEqual(
      [
        [a, 'More air on A'],
        [b, 'Less bass on B'],
      ].sort(),
    );

    // A running order that leaves a track out, or names one twice, changes nothing.
    for (const fileIds of [
      [a, b],
      [a, a, c],
    ]) {
      const bad = await call('PUT', `/api/admin/orders/${orderId}/release/running-order`, people.engineer, { fileIds });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe(RELEASE_TRACKS_MISMATCH);
    }
    const after = ReleaseAnswer.parse(
      await (await call('GET', `/api/admin/orders/${orderId}/release`, people.admin)).json(),
    );
    expect(after.release!.tracks.map((t) => t.fileId)).toEqual([a, b, c]);
  });

  it('flags a master 3 LU louder than the anchor and not one within the tolerance; delivers one numbered zip with its cue sheet', async () => {
    const { orderId, a, b, c } = await seedRelease('coherence@release.test');
    // The anchor B at -20 dBFS; A 3 dB louder; C 0.5 dB quieter.
    await uploadMaster(b, wav(sine(-20), 5), 'B (master).wav');
    await uploadMaster(a, wav(sine(-17), 5), 'A (master).wav');
    await uploadMaster(c, wav(sine(-20.5), 5), 'C (master).wav');
    const res = await call('GET', `/api/admin/orders/${orderId}/release/coherence`, people.engineer);
    expect(res.status).toBe(200);
    const table = CoherenceTable.parse(await res.json());
    expect(table.toleranceLu).toBe(1);
    expect(table.rows.map((r) => [r.originalName, r.anchor, r.flagged])).toEqual([
      ['C.wav', false, false],
      ['A.wav', false, true],
      ['B.wav', true, false],
    ]);
    expect(table.rows[1]!.integratedDeltaLu).toBeCloseTo(3, 0);
    expect(table.rows[0]!.integratedDeltaLu).toBeCloseTo(-0.5, 0);

    const before = ctx.queued.length;
    expect(
      (await call('PATCH', `/api/admin/orders/${orderId}/status`, people.admin, { status: 'delivered' })).status,
    ).toBe(200);
    const token = mintedDownloadUrl(ctx.publicUrl, ctx.queued[before]!).split('/').at(-1)!;
    const delivery = Delivery.parse(await (await call('GET', `/api/downloads/order/${token}`)).json());
    const zip = Buffer.from(await (await call('GET', delivery.archiveUrl)).arrayBuffer());
    const at = (name: string) => zip.indexOf(name);
    // In running order, numbered, the cue sheet last; the cue sheet names the gaps.
    expect([at('01 - C.wav'), at('02 - A.wav'), at('03 - B.wav'), at('Zola - Dusk.cue')].every((i) => i > 0)).toBe(
      true,
    );
    expect(at('01 - C.wav')).toBeLessThan(at('02 - A.wav'));
    expect(at('02 - A.wav')).toBeLessThan(at('03 - B.wav'));
    expect(at('03 - B.wav')).toBeLessThan(at('Zola - Dusk.cue'));
    const cue = zip.subarray(at('PERFORMER "Zola"')).toString('utf8');
    expect(cue).toContain('FILE "03 - B.wav" WAVE\r\n  TRACK 03 AUDIO');
    expect(cue).toContain('PREGAP 00:01:38');
  });
});
