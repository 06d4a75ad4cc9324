import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Delivery, PACK_RENDERING, packFailed, ReleasePackStatus, UploadUrlResponse } from '@mastering/contracts';
import { sine, wav } from '@mastering/audio-analysis/testing';
import { OrderFile } from '@mastering/db';
import { PACK_AUDIO_DELETED, renderPack } from '../../src/release-pack/service';
import { audioKeysOf, purgeFileAudio } from '../../src/retention/job';
import { cast, completeUploadAt, json, seedOrder, type Person } from '../fulfilment-support';
import { mintedDownloadUrl, opsPerFile } from '../support';
import { storedZipEntries } from './zip-entries';

// The release pack after payment (issue 54 item 2), through the ops service over HTTP: confirming a
// master opens the pack, delivery waits for it (refused while rendering or failed, with the reason),
// a retry renders again, and the delivery offers each file alone and all in one zip. The renders are
// real (Debian's ffmpeg, as in CI and the Docker image) and read back with ffprobe.
const ffmpeg = process.env.FFMPEG_PATH || (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : '');
const ffprobe = ffmpeg ? path.join(path.dirname(ffmpeg), 'ffprobe') : '';

const ctx = opsPerFile();
let admin: Person, engineer: Person;
let scratch = '';
beforeAll(async () => {
  ({ admin, engineer } = await cast(ctx.db.knex, 'pack.test'));
  scratch = mkdtempSync(path.join(tmpdir(), 'pack-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const call = (method: string, url: string, who?: Person, body?: unknown) =>
  fetch(url.startsWith('http') ? url : `${ctx.base}${url}`, {
    method,
    headers: json(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function uploadMaster(fileId: string, bytes: Buffer) {
  const res = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, engineer, {
    filename: 'Jozi (master).wav',
    contentType: 'audio/wav',
  });
  const { uploadURL } = UploadUrlResponse.parse(await res.json());
  const { objectPath } = await completeUploadAt(ctx.db.knex, ctx.storage, uploadURL, bytes);
  return call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, engineer, { uploadedFilePath: objectPath });
}

const packOf = async (orderId: string) =>
  ReleasePackStatus.parse(await (await call('GET', `/api/admin/orders/${orderId}/release-pack`, engineer)).json());
const deliver = (orderId: string) =>
  call('PATCH', `/api/admin/orders/${orderId}/status`, admin, { status: 'delivered' });
const probe = (file: string) =>
  JSON.parse(
    execFileSync(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      encoding: 'utf8',
    }),
  ) as {
    streams: { codec_name: string; sample_rate: string; bits_per_sample: number }[];
    format: { tags: Record<string, string> };
  };

/** Makes the order a buyer of `formats` (at R50 a track each), as the storefront stores a pack chosen at checkout. */
const buyPack = (orderId: string, formats: string[]) =>
  ctx.db
    .knex('orders')
    .where('id', orderId)
    .update({
      releasePack: JSON.stringify({ formats: formats.map((format) => ({ format, unitCents: 5000 })) }),
      releasePackCents: 5000 * formats.length,
      totalCents: ctx.db.knex.raw('total_cents + ?', [5000 * formats.length]),
    });

describe('a render that retention overtakes', () => {
  // Found by the order model (services/ops/test/order-model): a full refund, then retention deleted the
  // track's audio while ffmpeg finished a file; the file was stored and marked ready after the purge,
  // which never looks at a purged track again, so it outlived retention for ever.
  it('keeps no file finished after the audio was deleted, and says why', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'late@pack.test', names: ['Gone.wav'] });
    const fileId = order.files[0]!.id;
    await buyPack(order.id, ['mp3', 'wav16']);
    const queuedBefore = ctx.queued.length;
    expect((await uploadMaster(fileId, wav(sine(-20), 1))).status).toBe(200);
    const { masterVersionId } = ctx.queued.slice(queuedBefore).find((j) => j.name === 'pack.render')!.data as {
      masterVersionId: string;
    };
    // The renderer writes its file, then retention deletes the track's audio before the job stores it.
    let purged = false;
    await renderPack(
      {
        knex: ctx.db.knex,
        storage: ctx.storage,
        render: async (_input, output) => {
          writeFileSync(output, 'rendered bytes');
          if (!purged) {
            purged = true;
            const file = await OrderFile.query(ctx.db.knex).findById(fileId);
            await purgeFileAudio({ knex: ctx.db.knex, storage: ctx.storage, storefront: ctx.storefront }, [file!]);
          }
          return { integratedLufs: -14, truePeakDbtp: -1 };
        },
      },
      masterVersionId,
    );
    const rows = await ctx.db.knex('pack_files').where({ masterVersionId }).orderBy('format');
    expect(rows.map((r) => [r.format, r.status, r.error])).toEqual([
      ['mp3', 'failed', PACK_AUDIO_DELETED],
      ['wav16', 'failed', 'the master is no longer stored'],
    ]);
    for (const format of ['mp3', 'wav16'])
      expect(
        await ctx.storage.exists(`packs/${fileId}/${masterVersionId}/${format}.${format === 'mp3' ? 'mp3' : 'wav'}`),
      ).toBe(false);
  });
});

describe.skipIf(!ffmpeg)('the release pack of a master', () => {
  it('renders MP3 and 16-bit WAV from the master, holds the delivery until ready, and zips them', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'thandi@pack.test', names: ['Jozi.wav'] });
    const fileId = order.files[0]!.id;
    await buyPack(order.id, ['mp3', 'wav16']);
    await ctx.db
      .knex('order_files')
      .where('id', fileId)
      .update({
        releaseMetadata: JSON.stringify({ title: 'Jozi Nights', artist: 'Thandi M', isrc: 'ZA-ABC-26-00001' }),
      });

    const queuedBefore = ctx.queued.length;
    expect((await uploadMaster(fileId, wav(sine(-20), 2))).status).toBe(200);
    const job = ctx.queued.slice(queuedBefore).find((j) => j.name === 'pack.render');
    expect(job).toBeDefined();
    const { masterVersionId } = job!.data as { masterVersionId: string };
    expect((await packOf(order.id)).files.map((f) => [f.format, f.status])).toEqual([
      ['mp3', 'rendering'],
      ['wav16', 'rendering'],
    ]);
    let res = await deliver(order.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(PACK_RENDERING);

    // A render that fails is shown with its reason, and the delivery names it.
    await renderPack(
      {
        knex: ctx.db.knex,
        storage: ctx.storage,
        render: async () => {
          throw new Error('ffmpeg: Unknown encoder');
        },
      },
      masterVersionId,
    );
    const failed = await packOf(order.id);
    expect(failed.state).toBe('failed');
    expect(failed.files.map((f) => f.error)).toEqual(['ffmpeg: Unknown encoder', 'ffmpeg: Unknown encoder']);
    res = await deliver(order.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(packFailed('ffmpeg: Unknown encoder'));

    // Retry: back to waiting and queued again, then rendered for real.
    const retried = ReleasePackStatus.parse(
      await (await call('POST', `/api/admin/orders/${order.id}/release-pack/retry`, engineer)).json(),
    );
    expect(retried.state).toBe('rendering');
    expect(ctx.queued.at(-1)).toMatchObject({ name: 'pack.render', data: { masterVersionId } });
    await renderPack({ knex: ctx.db.knex, storage: ctx.storage }, masterVersionId);
    const ready = await packOf(order.id);
    expect(ready.state).toBe('ready');
    for (const f of ready.files) {
      expect(Math.abs(f.integratedLufs! - -20)).toBeLessThan(1);
      expect(f.truePeakDbtp!).toBeLessThan(-15);
    }
    // Nothing is rendered twice: a second run finds nothing waiting and keeps the stored files.
    const keys = await ctx.db.knex('pack_files').where({ masterVersionId }).select('objectKey', 'updatedAt');
    await renderPack({ knex: ctx.db.knex, storage: ctx.storage }, masterVersionId);
    expect(await ctx.db.knex('pack_files').where({ masterVersionId }).select('objectKey', 'updatedAt')).toEqual(keys);

    const mailsBefore = ctx.queued.length;
    expect((await deliver(order.id)).status).toBe(200);
    const mail = ctx.queued.slice(mailsBefore).find((j) => j.data.template === 'mastering-complete')!;
    const token = mintedDownloadUrl(ctx.publicUrl, mail).split('/').at(-1)!;
    const delivery = Delivery.parse(await (await call('GET', `/api/downloads/order/${token}`)).json());
    expect(delivery.packFiles!.map((f) => [f.name, f.format])).toEqual([
      ['Jozi Nights (MP3).mp3', 'mp3'],
      ['Jozi Nights (16-bit 44.1 kHz).wav', 'wav16'],
    ]);
    const mp3 = await call('GET', delivery.packFiles![0]!.url);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect(mp3.headers.get('content-disposition')).toContain('Jozi Nights (MP3).mp3');

    const zip = await call('GET', delivery.archiveUrl);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const entries = storedZipEntries(Buffer.from(await zip.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual([
      'Jozi (master).wav',
      'Jozi Nights (MP3).mp3',
      'Jozi Nights (16-bit 44.1 kHz).wav',
    ]);
    // The zipped files are the renders: read back with ffprobe, rate, depth and the ISRC as tagged.
    const [, mp3Entry, wavEntry] = entries;
    writeFileSync(path.join(scratch, 'a.mp3'), mp3Entry!.data);
    writeFileSync(path.join(scratch, 'a.wav'), wavEntry!.data);
    const mp3Probe = probe(path.join(scratch, 'a.mp3'));
    expect(mp3Probe.streams[0]).toMatchObject({ codec_name: 'mp3', sample_rate: '44100' });
    expect(mp3Probe.format.tags).toMatchObject({ title: 'Jozi Nights', artist: 'Thandi M', TSRC: 'ZAABC2600001' });
    const wavProbe = probe(path.join(scratch, 'a.wav'));
    expect(wavProbe.streams[0]).toMatchObject({ codec_name: 'pcm_s16le', sample_rate: '44100', bits_per_sample: 16 });
    expect(wavProbe.format.tags).toMatchObject({ title: 'Jozi Nights', ISRC: 'ZAABC2600001' });

    // Retention deletes the pack's files with the rest of the track's audio.
    const file = await OrderFile.query(ctx.db.knex).findById(fileId);
    const audio = await audioKeysOf(ctx.db.knex, file!);
    for (const { objectKey } of keys) expect(audio).toContain(objectKey);
  });

  it('opens no pack for an order that bought none, and delivers it as before', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'plain@pack.test', names: ['Plain.wav'] });
    const before = ctx.queued.length;
    expect((await uploadMaster(order.files[0]!.id, wav(sine(-20), 1))).status).toBe(200);
    expect(ctx.queued.slice(before).some((j) => j.name === 'pack.render')).toBe(false);
    expect((await packOf(order.id)).state).toBe('none');
    expect((await deliver(order.id)).status).toBe(200);
  });
});
