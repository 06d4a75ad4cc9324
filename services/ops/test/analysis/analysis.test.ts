import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysisJob } from '@mastering/audio-analysis';
import {
  ANALYSIS_ERRORS,
  AudioFileAnalysis,
  STREAMING_REFERENCES,
  type AnalysisRole,
  type Role,
} from '@mastering/contracts';
import { FileAnalysis } from '@mastering/db';
import { createQueue, enqueueAnalysis, JOBS, startProducer, type Queue } from '@mastering/jobs';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { clippedSquare, silence, sine, wav } from '@mastering/audio-analysis/testing';
import { identityAs, opsPerFile } from '../support';

const ctx = opsPerFile();
let producer: Queue;
let worker: Queue;
let storage: ObjectStorage;
let storageRoot: string;

beforeAll(async () => {
  storageRoot = await mkdtemp(path.join(os.tmpdir(), 'ops-analysis-'));
  storage = createLocalStorage(storageRoot);
  producer = createQueue({ connectionString: ctx.db.connectionString, name: 'analysis-test-producer' });
  await startProducer(producer);
  // Polls hourly: every job below is started by LISTEN/NOTIFY, the way production starts it.
  worker = createQueue({
    connectionString: ctx.db.connectionString,
    name: 'analysis-test-worker',
    processEvery: '1 hour',
  });
  const silent = { info: () => undefined, warn: () => undefined };
  const job = analysisJob({ knex: ctx.db.knex, storage, localRoot: storageRoot, logger: silent });
  worker.define(job.name, job.handler, job.options);
  await worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await producer?.stop();
  await rm(storageRoot, { recursive: true, force: true });
});

/** Enqueues an analysis the way the triggers do and resolves when the worker has finished it. */
async function analyse(fileId: string, role: AnalysisRole) {
  const done = new Promise<void>((resolve) => worker.once(`complete:${JOBS.analyseAudio}`, () => resolve()));
  await enqueueAnalysis(producer, { fileId, role });
  await done;
}

/** An order with one file per entry, each uploaded (an uploads row and its stored object) as `bytes`. */
async function orderWithFiles(files: { name: string; bytes: Buffer | null }[]) {
  const [order] = await ctx.db
    .knex('orders')
    .insert({
      customerEmail: 'analysis@example.com',
      status: 'payment_confirmed',
      unitPriceCents: 49_900,
      trackCount: files.length,
      subtotalCents: 49_900 * files.length,
      totalCents: 49_900 * files.length,
    })
    .returning(['id']);
  const ids: string[] = [];
  for (const { name, bytes } of files) {
    const [upload] = await ctx.db
      .knex('uploads')
      .insert({
        objectKey: `uploads/${name}-${ids.length}-${order.id}`,
        status: 'completed',
        guestKeyHash: 'g',
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning(['id', 'objectKey']);
    const [file] = await ctx.db
      .knex('orderFiles')
      .insert({
        orderId: order.id,
        originalName: name,
        fileName: name,
        fileSize: bytes?.length ?? 0,
        originalFilePath: `/objects/${upload.id}`,
      })
      .returning(['id']);
    await ctx.db.knex('uploads').where({ id: upload.id }).update({ orderFileId: file.id });
    if (bytes) await storage.put(upload.objectKey, bytes);
    ids.push(file.id);
  }
  return { orderId: order.id as string, fileIds: ids };
}

const get = async (fileId: string, role: Role | null = 'engineer') =>
  fetch(`${ctx.base}/api/admin/audio-files/${fileId}/analysis`, { headers: role ? await identityAs(role) : {} });

describe('GET /api/admin/audio-files/:id/analysis', () => {
  it('is for staff: anonymous 401, customer 403; a bad id is 400 and an unknown file 404', async () => {
    const id = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
    expect((await get(id, null)).status).toBe(401);
    expect((await get(id, 'customer')).status).toBe(403);
    expect((await get('not-a-uuid')).status).toBe(400);
    const unknown = await get(id);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Audio file not found' });
  });

  it('answers nulls for a file not analysed yet', async () => {
    const { fileIds } = await orderWithFiles([{ name: 'pending.wav', bytes: wav(sine(-20), 2) }]);
    const res = await get(fileIds[0]!, 'admin');
    expect(res.status).toBe(200);
    expect(AudioFileAnalysis.parse(await res.json())).toEqual({
      fileId: fileIds[0],
      original: null,
      master: null,
      gainChangeDb: null,
      masterTruePeakTooHigh: false,
    });
  });
});

describe('the analysis job, end to end', () => {
  it('enqueue -> measured and stored -> the API answers it; the master comes beside it with the gain change and its true peak flagged', async () => {
    const { fileIds } = await orderWithFiles([{ name: 'track.wav', bytes: wav(sine(-23), 10) }]);
    const fileId = fileIds[0]!;
    await analyse(fileId, 'original');

    let body = AudioFileAnalysis.parse(await (await get(fileId)).json());
    expect(body.original).toMatchObject({
      fileId,
      role: 'original',
      status: 'ok',
      errorReason: null,
      durationSeconds: 10,
      sampleRate: 48_000,
      channels: 2,
      codec: 'pcm_s16le',
    });
    expect(Math.abs(body.original!.integratedLufs! - -23)).toBeLessThanOrEqual(0.1);
    expect(body.original!.waveform).toHaveLength(300);
    expect(body.master).toBeNull();

    // The engineer's master: a clipped square, far louder, with inter-sample peaks above 0 dBTP.
    await storage.put(`masters/${fileId}.wav`, wav(clippedSquare(), 10));
    await ctx.db
      .knex('orderFiles')
      .where({ id: fileId })
      .update({ masteredFilePath: `masters/${fileId}.wav` });
    await analyse(fileId, 'master');

    body = AudioFileAnalysis.parse(await (await get(fileId)).json());
    expect(body.master).toMatchObject({ role: 'master', status: 'ok' });
    expect(body.master!.truePeakDbtp!).toBeGreaterThan(0);
    expect(body.gainChangeDb).toBeCloseTo(body.master!.integratedLufs! - body.original!.integratedLufs!, 1);
    expect(body.gainChangeDb!).toBeGreaterThan(20);
    expect(body.masterTruePeakTooHigh).toBe(true);
    // Its streaming preview: every platform turns it down, and MP3 and AAC encoding clip it (flagged).
    const preview = body.master!.streamingPreview!;
    expect(preview.platforms.map((p) => p.platform)).toEqual(STREAMING_REFERENCES.map((r) => r.platform));
    for (const platform of preview.platforms) expect(platform.turnedDown).toBe(true);
    expect(preview.codecs.map((c) => c.codec)).toEqual(['mp3', 'aac']);
    expect(preview.oversAfterEncoding).toBe(true);
  });

  it('analysing again overwrites the result (one row per file, role and analyser version)', async () => {
    const { fileIds } = await orderWithFiles([{ name: 'again.wav', bytes: wav(sine(-20), 3) }]);
    await analyse(fileIds[0]!, 'original');
    const first = await ctx.db.knex('fileAnalyses').where({ fileId: fileIds[0] });
    await analyse(fileIds[0]!, 'original');
    const second = await ctx.db.knex('fileAnalyses').where({ fileId: fileIds[0] });
    expect(second).toHaveLength(1);
    expect(second[0].id).toBe(first[0].id);
    expect(second[0].analysedAt.getTime()).toBeGreaterThan(first[0].analysedAt.getTime());
  });

  it('a master not uploaded yet is left alone', async () => {
    const { fileIds } = await orderWithFiles([{ name: 'nomaster.wav', bytes: wav(sine(-20), 2) }]);
    await analyse(fileIds[0]!, 'master');
    expect(await ctx.db.knex('fileAnalyses').where({ fileId: fileIds[0] })).toEqual([]);
  });

  it('lists the order’s files that need replacing, with the reason, and only those', async () => {
    const { orderId, fileIds } = await orderWithFiles([
      { name: 'good.wav', bytes: wav(sine(-16), 3) },
      { name: 'blank.wav', bytes: wav(silence, 3) },
      { name: 'gone.wav', bytes: null },
    ]);
    for (const fileId of fileIds) await analyse(fileId, 'original');
    expect(await FileAnalysis.filesNeedingReplacement(ctx.db.knex, orderId)).toEqual([
      { fileId: fileIds[1], originalName: 'blank.wav', reason: ANALYSIS_ERRORS.silent },
      { fileId: fileIds[2], originalName: 'gone.wav', reason: ANALYSIS_ERRORS.missing },
    ]);
    const flagged = AudioFileAnalysis.parse(await (await get(fileIds[1]!)).json());
    expect(flagged.original).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.silent });
  });
});
