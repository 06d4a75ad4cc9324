// The ops side of the mix check: the worker measures a stored upload (a clipped mix, a file that is not
// audio) and records the report; staff read the report of an order file's original upload.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUploadMix, mixCheckJob } from '@mastering/audio-analysis';
import { clippedSquare, sine, wav } from '@mastering/audio-analysis/testing';
import { ANALYSIS_ERRORS, AudioFileMixCheck, MIX_CHECK_TEXTS, type Role } from '@mastering/contracts';
import { MixCheckRow } from '@mastering/db';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { identityAs, opsPerFile } from '../support';

const ctx = opsPerFile();
let storage: ObjectStorage;
let storageRoot: string;
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'ops-mix-check-'));
  storage = createLocalStorage(storageRoot);
});
afterAll(() => rm(storageRoot, { recursive: true, force: true }));

/** A customer's stored upload of `bytes`, attached to a new order's file; answers both ids. */
async function storedUpload(bytes: Buffer) {
  const [order] = await ctx.db
    .knex('orders')
    .insert({
      customerEmail: 'mix@example.com',
      status: 'pending_payment',
      unitPriceCents: 1,
      trackCount: 1,
      subtotalCents: 1,
      totalCents: 1,
    })
    .returning(['id']);
  const [upload] = await ctx.db
    .knex('uploads')
    .insert({
      objectKey: 'uploads/x',
      status: 'completed',
      guestKeyHash: 'g',
      clientAddress: '192.0.2.1',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning(['id']);
  const key = `uploads/${upload.id}`;
  await ctx.db.knex('uploads').where('id', upload.id).update({ objectKey: key });
  await storage.put(key, bytes);
  const [file] = await ctx.db
    .knex('orderFiles')
    .insert({
      orderId: order.id,
      originalName: 'mix.wav',
      fileName: 'mix.wav',
      fileSize: bytes.length,
      originalFilePath: `/objects/${upload.id}`,
    })
    .returning(['id']);
  await ctx.db.knex('uploads').where('id', upload.id).update({ orderFileId: file.id });
  return { uploadId: upload.id as string, fileId: file.id as string };
}

const staffRead = async (fileId: string, role?: Role) =>
  fetch(`${ctx.base}/api/admin/audio-files/${fileId}/mix-check`, { headers: role ? await identityAs(role) : {} });

describe('the mix check worker and its staff read', () => {
  it('records a clipped mix with its advice, and staff read the same report', async () => {
    const { uploadId, fileId } = await storedUpload(wav(clippedSquare(), 5));
    const none = AudioFileMixCheck.parse(await (await staffRead(fileId, 'engineer')).json());
    expect(none).toEqual({ fileId, mixCheck: null });

    const row = await checkUploadMix({ knex: ctx.db.knex, storage, localRoot: storageRoot, logger: silent }, uploadId);
    expect(row).toMatchObject({ status: 'ok', errorReason: null });
    const clipping = row!.report!.findings.find((f) => f.check === 'clipping')!;
    expect(clipping.severity).toBe('problem');
    expect(clipping.advice).toMatch(/^Your mix clips [\d,]+ times/);

    const res = await staffRead(fileId, 'engineer');
    expect(res.status).toBe(200);
    const read = AudioFileMixCheck.parse(await res.json());
    expect(read.mixCheck).toEqual({ uploadId, status: 'ok', errorReason: null, report: row!.report });
    // Staff only.
    expect((await staffRead(fileId)).status).toBe(401);
  });

  it('records why a file that is not audio could not be checked', async () => {
    const { uploadId } = await storedUpload(Buffer.from('not audio at all, just text'));
    const row = await checkUploadMix({ knex: ctx.db.knex, storage, localRoot: storageRoot, logger: silent }, uploadId);
    expect(row).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.notDecodable, report: null });
  });

  it('records an upload whose check fails as not checked, so the upload page stops waiting', async () => {
    const { uploadId } = await storedUpload(wav(sine(-20), 2));
    const broken = { ffmpegPath: '/nonexistent/ffmpeg' };
    const job = mixCheckJob({ knex: ctx.db.knex, storage, localRoot: storageRoot, logger: silent, analyse: broken });
    await job.handler({ attrs: { data: { uploadId } } } as never);
    const row = await MixCheckRow.query(ctx.db.knex).findById(uploadId);
    expect(row).toMatchObject({ status: 'error', errorReason: MIX_CHECK_TEXTS.notChecked, report: null });
  });
});
