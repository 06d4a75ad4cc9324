// Keeps promise "download-link-valid-days" (packages/contracts/src/promises.ts).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminAudioFile,
  AdminAudioFilePage,
  AudioFileResponse,
  Delivery,
  DELIVERY_EXPIRED,
  LINK_EXPIRED,
  loudnessInPlainWords,
  MASTER_AUDIO_DELETED,
  MASTER_UPLOAD_INCOMPLETE,
  MASTER_UPLOAD_UNKNOWN,
  MASTERED_PATH_VIA_UPLOAD,
  SignedLink,
  UPLOAD_NOT_AUDIO,
  UploadUrlResponse,
} from '@mastering/contracts';
import { Upload } from '@mastering/db';
import { z } from 'zod';
import { mintedDownloadUrl, opsPerFile } from '../support';
import { cast, completeUploadAt, json, seedOrder, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
let admin: Person, engineer: Person, otherEngineer: Person, customer: Person;
beforeAll(async () => {
  ({ admin, engineer, otherEngineer, customer } = await cast(ctx.db.knex, 'files.test'));
});
afterEach(() => vi.useRealTimers());

const call = (method: string, path: string, who?: Person, body?: unknown) =>
  fetch(path.startsWith('http') ? path : `${ctx.base}${path}`, {
    method,
    headers: json(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const seed = (options: Parameters<typeof seedOrder>[2]) => seedOrder(ctx.db.knex, ctx.storage, options);
/** Moves the clock (the service runs in this process, so its `Date` moves too); no waiting. */
const jumpAhead = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
};

/** The spec's master sequence as the browser runs it: upload-url, the bytes (see completeUploadAt), confirm-upload. */
async function uploadMaster(fileId: string, who: Person, bytes: Buffer, filename = 'Track (master).wav') {
  const res = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, who, {
    filename,
    contentType: 'audio/wav',
  });
  expect(res.status).toBe(200);
  const { uploadURL } = UploadUrlResponse.parse(await res.json());
  const { objectPath } = await completeUploadAt(ctx.db.knex, ctx.storage, uploadURL, bytes);
  return call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, who, { uploadedFilePath: objectPath });
}

describe('access to the audio-file paths', () => {
  it('anonymous 401, customer 403, engineer and admin allowed', async () => {
    const order = await seed({ email: 'matrix@files.test' });
    const fileId = order.files[0]!.id;
    const calls: [string, (who?: Person) => Promise<Response>, number][] = [
      ['list', (who) => call('GET', '/api/admin/audio-files', who), 200],
      ['page', (who) => call('GET', '/api/admin/audio-files?page=1', who), 200],
      ['one', (who) => call('GET', `/api/admin/audio-files/${fileId}`, who), 200],
      [
        'processing',
        (who) => call('PATCH', `/api/admin/audio-files/${fileId}/processing`, who, { processingStatus: 'uploaded' }),
        200,
      ],
      [
        'upload-url',
        (who) =>
          call('POST', `/api/admin/audio-files/${fileId}/upload-url`, who, {
            filename: 'm.wav',
            contentType: 'audio/wav',
          }),
        200,
      ],
      [
        'confirm',
        (who) =>
          call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, who, {
            uploadedFilePath: '/objects/nothing',
          }),
        400,
      ],
      ['download-url', (who) => call('GET', `/api/admin/audio-files/${fileId}/download-url?kind=original`, who), 200],
    ];
    for (const [name, run, allowed] of calls) {
      expect([name, (await run()).status]).toEqual([name, 401]);
      expect([name, (await run(customer)).status]).toEqual([name, 403]);
      expect([name, (await run(engineer)).status]).toEqual([name, allowed]);
      expect([name, (await run(admin)).status]).toEqual([name, allowed]);
    }
  });
});

describe('GET /api/admin/audio-files', () => {
  it('searches name, email and order id, filters status and style, pages with counters from aggregates', async () => {
    const a = await seed({ email: 'kea@search.test', names: ['Sunrise Demo.wav', 'Night Drive.wav'] });
    const b = await seed({ email: 'bongani@search.test', names: ['Sunset.wav'] });
    await ctx.db
      .knex('order_files')
      .where('id', b.files[0]!.id)
      .update({ processingStatus: 'error', masteringStyle: 'Vintage' });
    const ids = async (query: string) =>
      z
        .array(AdminAudioFile)
        .parse(await (await call('GET', `/api/admin/audio-files?${query}`, engineer)).json())
        .map((f) => f.originalName);
    expect(await ids('q=SUN&sort=name')).toEqual(['Sunrise Demo.wav', 'Sunset.wav']);
    expect(await ids('q=kea%40search&sort=name')).toEqual(['Night Drive.wav', 'Sunrise Demo.wav']);
    expect(await ids(`q=${b.id.slice(0, 8)}`)).toEqual(['Sunset.wav']);
    expect(await ids('q=search.test&status=error')).toEqual(['Sunset.wav']);
    expect(await ids('q=search.test&style=Custom&sort=name')).toEqual(['Night Drive.wav', 'Sunrise Demo.wav']);
    expect(await ids(`orderId=${a.id}&sort=name`)).toEqual(['Night Drive.wav', 'Sunrise Demo.wav']);

    const page = AdminAudioFilePage.parse(
      await (await call('GET', '/api/admin/audio-files?q=search.test&sort=name&pageSize=2&page=2', admin)).json(),
    );
    expect(page.items.map((f) => f.originalName)).toEqual(['Sunset.wav']);
    expect(page.items[0]).toMatchObject({
      customerEmail: 'bongani@search.test',
      orderStatus: 'payment_confirmed',
      orderId: b.id,
    });
    expect(page.total).toBe(3);
    const [totals] = await ctx.db
      .knex('order_files')
      .select(ctx.db.knex.raw('count(*)::int as n'), ctx.db.knex.raw('sum(file_size)::bigint as bytes'));
    const errors = await ctx.db.knex('order_files').where('processingStatus', 'error').count({ n: '*' });
    expect(page.counts.total).toBe(totals.n);
    expect(page.counts.totalBytes).toBe(Number(totals.bytes));
    expect(page.counts.error).toBe(Number(errors[0]!.n));
    expect(page.counts.uploaded + page.counts.processing + page.counts.completed + page.counts.error).toBe(totals.n);
    expect((await call('GET', '/api/admin/audio-files?style=Loud', admin)).status).toBe(400);
  });
});

describe('PATCH /api/admin/audio-files/:id/processing', () => {
  it('sets the status the engineer selected (not always processing) and the notes; completed stamps the time', async () => {
    const { files } = await seed({ email: 'proc@files.test' });
    let res = await call('PATCH', `/api/admin/audio-files/${files[0]!.id}/processing`, engineer, {
      processingStatus: 'error',
      processingNotes: 'Clipped source, asked for a new bounce',
    });
    expect(res.status).toBe(200);
    const { file } = AudioFileResponse.parse(await res.json());
    expect(file).toMatchObject({
      processingStatus: 'error',
      processingNotes: 'Clipped source, asked for a new bounce',
    });
    expect(file.processedAt).not.toBeNull();
    res = await call('PATCH', `/api/admin/audio-files/${files[0]!.id}/processing`, engineer, {
      processingStatus: 'processing',
    });
    expect(AudioFileResponse.parse(await res.json()).file).toMatchObject({
      processingStatus: 'processing',
      processedAt: null,
      processingNotes: 'Clipped source, asked for a new bounce',
    });
  });

  it('refuses an unknown status and a mastered path named by hand, changing nothing', async () => {
    const { files } = await seed({ email: 'proc-bad@files.test' });
    expect(
      (await call('PATCH', `/api/admin/audio-files/${files[0]!.id}/processing`, engineer, { processingStatus: 'done' }))
        .status,
    ).toBe(400);
    const res = await call('PATCH', `/api/admin/audio-files/${files[0]!.id}/processing`, engineer, {
      processingStatus: 'completed',
      masteredFilePath: `/objects/${files[0]!.uploadId}`,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(MASTERED_PATH_VIA_UPLOAD);
    expect(await ctx.db.knex('order_files').where('id', files[0]!.id).first()).toMatchObject({
      processingStatus: 'uploaded',
      masteredFilePath: null,
    });
  });
});

describe('Upload Mastered: upload-url, PUT, confirm-upload', () => {
  it('opens an upload owned by the engineer, refuses a non-audio type', async () => {
    const { files } = await seed({ email: 'url@files.test' });
    let res = await call('POST', `/api/admin/audio-files/${files[0]!.id}/upload-url`, engineer, {
      filename: 'master.wav',
      contentType: 'audio/wav',
    });
    const { uploadURL } = UploadUrlResponse.parse(await res.json());
    expect(uploadURL).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    expect(await ctx.db.knex('uploads').where('id', uploadURL.split('/')[2]).first()).toMatchObject({
      userId: engineer.id,
      status: 'pending',
      originalName: 'master.wav',
      masteredFileId: null,
    });
    res = await call('POST', `/api/admin/audio-files/${files[0]!.id}/upload-url`, engineer, {
      filename: 'notes.pdf',
      contentType: 'application/pdf',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe(UPLOAD_NOT_AUDIO);
    expect(
      (
        await call('POST', `/api/admin/audio-files/${files[0]!.id}/upload-url`, engineer, {
          filename: '',
          contentType: 'audio/wav',
        })
      ).status,
    ).toBe(400);
  });

  it("confirms only a finished upload of the same engineer, never a customer's track", async () => {
    const { files } = await seed({ email: 'confirm@files.test' });
    const fileId = files[0]!.id;
    const res = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, engineer, {
      filename: 'm.wav',
      contentType: 'audio/wav',
    });
    const { uploadURL } = UploadUrlResponse.parse(await res.json());
    const confirm = (who: Person, uploadedFilePath: string) =>
      call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, who, { uploadedFilePath });
    let answer = await confirm(engineer, uploadURL);
    expect(answer.status).toBe(409);
    expect((await answer.json()).error).toBe(MASTER_UPLOAD_INCOMPLETE);
    await completeUploadAt(ctx.db.knex, ctx.storage, uploadURL, Buffer.from('master'));
    answer = await confirm(otherEngineer, uploadURL);
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toBe(MASTER_UPLOAD_UNKNOWN);
    // The customer's own upload of the original is not a master.
    expect((await confirm(engineer, `/objects/${files[0]!.uploadId}`)).status).toBe(400);
    expect(await ctx.db.knex('order_files').where('id', fileId).first()).toMatchObject({
      masteredFilePath: null,
      processingStatus: 'uploaded',
    });
  });

  it('attaches the master, completes the file, moves the order to mastered once every file has one, and keeps the master from the sweep', async () => {
    const order = await seed({ email: 'attach@files.test', status: 'in_progress', names: ['One.wav', 'Two.wav'] });
    let res = await uploadMaster(order.files[0]!.id, engineer, Buffer.from('master one'));
    expect(res.status).toBe(200);
    const { file } = AudioFileResponse.parse(await res.json());
    expect(file).toMatchObject({
      processingStatus: 'completed',
      masteredFilePath: expect.stringMatching(/^\/objects\/[0-9a-f-]{36}$/),
    });
    // The master's loudness is measured next (the ops worker runs the job).
    expect(ctx.queued.at(-1)).toMatchObject({
      name: 'audio.analyse',
      data: { fileId: order.files[0]!.id, role: 'master' },
    });
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ status: 'in_progress' });

    res = await uploadMaster(order.files[1]!.id, engineer, Buffer.from('master two'));
    expect(res.status).toBe(200);
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ status: 'mastered' });
    const history = await ctx.db.knex('order_status_history').where('orderId', order.id);
    expect(history).toMatchObject([{ fromStatus: 'in_progress', toStatus: 'mastered', changedBy: engineer.id }]);

    // A replaced master is kept as the file's earlier version; neither is swept as abandoned.
    res = await uploadMaster(order.files[1]!.id, engineer, Buffer.from('master two, take two'));
    const current = AudioFileResponse.parse(await res.json()).file.masteredFilePath!.split('/')[2];
    const sweepable = await Upload.query(ctx.db.knex).modify('abandonedBefore', new Date(Date.now() + 60_000));
    const versions = await ctx.db.knex('master_versions').where('fileId', order.files[1]!.id).orderBy('version');
    const versionUploads = versions.map((v) => v.masteredFilePath.split('/')[2]);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    expect(versionUploads[1]).toBe(current);
    for (const id of versionUploads) expect(sweepable.map((u) => u.id)).not.toContain(id);
  });

  // Found by the order model (services/ops/test/order-model): staff reopened a delivered order after
  // retention had deleted its audio, and the new master was stored on a file retention never looks at again.
  it('refuses a master for a track whose audio was deleted, opening no upload and adding no version', async () => {
    const order = await seed({ email: 'purged@files.test', status: 'in_progress' });
    const fileId = order.files[0]!.id;
    const opened = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, engineer, {
      filename: 'Late (master).wav',
      contentType: 'audio/wav',
    });
    const { uploadURL } = UploadUrlResponse.parse(await opened.json());
    const { objectPath } = await completeUploadAt(ctx.db.knex, ctx.storage, uploadURL, Buffer.from('late master'));
    // Retention deletes the track's audio between the upload and its confirmation, then staff try again.
    await ctx.db.knex('order_files').where('id', fileId).update({ audioDeletedAt: new Date() });
    const uploadsBefore = await ctx.db.knex('uploads').count({ n: '*' }).first();
    const confirmed = await call('POST', `/api/admin/audio-files/${fileId}/confirm-upload`, engineer, {
      uploadedFilePath: objectPath,
    });
    expect(confirmed.status).toBe(409);
    expect((await confirmed.json()).error).toBe(MASTER_AUDIO_DELETED);
    const again = await call('POST', `/api/admin/audio-files/${fileId}/upload-url`, engineer, {
      filename: 'Late (master).wav',
      contentType: 'audio/wav',
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(MASTER_AUDIO_DELETED);
    expect(await ctx.db.knex('uploads').count({ n: '*' }).first()).toEqual(uploadsBefore);
    expect(await ctx.db.knex('master_versions').where('fileId', fileId)).toEqual([]);
    expect(await ctx.db.knex('order_files').where('id', fileId).first()).toMatchObject({ masteredFilePath: null });
  });
});

describe('confirm-upload changes the order only through the transition table', () => {
  it('starts a paid order before mastering it (two history rows, the first start mailed), and leaves an unpaid one alone', async () => {
    const paid = await seed({ email: 'walk@files.test', status: 'payment_confirmed' });
    const before = ctx.queued.length;
    expect((await uploadMaster(paid.files[0]!.id, engineer, Buffer.from('the master'))).status).toBe(200);
    expect(await ctx.db.knex('orders').where('id', paid.id).first()).toMatchObject({ status: 'mastered' });
    const history = await ctx.db.knex('order_status_history').where('orderId', paid.id).orderBy('createdAt');
    expect(history.map(({ fromStatus, toStatus, changedBy }) => ({ fromStatus, toStatus, changedBy }))).toEqual([
      { fromStatus: 'payment_confirmed', toStatus: 'in_progress', changedBy: engineer.id },
      { fromStatus: 'in_progress', toStatus: 'mastered', changedBy: engineer.id },
    ]);
    expect(ctx.queued.slice(before).map((j) => [j.name, j.data.template ?? j.data.role])).toEqual([
      ['email.send', 'mastering-started'],
      ['audio.analyse', 'master'],
    ]);

    const unpaid = await seed({ email: 'unpaid@files.test', status: 'pending_payment' });
    expect((await uploadMaster(unpaid.files[0]!.id, engineer, Buffer.from('early master'))).status).toBe(200);
    expect(await ctx.db.knex('orders').where('id', unpaid.id).first()).toMatchObject({ status: 'pending_payment' });
    expect(await ctx.db.knex('order_status_history').where('orderId', unpaid.id)).toEqual([]);
  });
});

describe('signed links to originals and masters', () => {
  it('sends a file as an attachment named and typed by the format its bytes showed, whatever its name says', async () => {
    const order = await seed({ email: 'sniffed@files.test' });
    const file = order.files[0]!;
    // The storefront recorded FLAC from the upload's first bytes; the customer called it .wav.
    await ctx.db.knex('uploads').where('id', file.uploadId).update({ content_type: 'audio/flac' });
    const link = SignedLink.parse(
      await (await call('GET', `/api/admin/audio-files/${file.id}/download-url?kind=original`, engineer)).json(),
    );
    const res = await call('GET', link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Track One\.flac"/);
    expect(res.headers.get('content-type')).toBe('audio/flac');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('downloads the original and the master without a session, until the link expires', async () => {
    const order = await seed({ email: 'links@files.test' });
    const fileId = order.files[0]!.id;
    const noMaster = await call('GET', `/api/admin/audio-files/${fileId}/download-url?kind=mastered`, engineer);
    expect(noMaster.status).toBe(404);
    await uploadMaster(fileId, engineer, Buffer.from('the master bytes'), 'Track One (master).wav');

    const original = SignedLink.parse(
      await (await call('GET', `/api/admin/audio-files/${fileId}/download-url?kind=original`, engineer)).json(),
    );
    const master = SignedLink.parse(
      await (await call('GET', `/api/admin/audio-files/${fileId}/download-url?kind=mastered`, engineer)).json(),
    );
    expect(new Date(master.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    let res = await call('GET', original.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(order.files[0]!.bytes);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Track One\.wav"/);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    res = await call('GET', master.url);
    expect(await res.text()).toBe('the master bytes');
    expect(res.headers.get('content-disposition')).toContain('Track One (master).wav');

    // A forged signature is refused; after ten minutes the genuine link is too.
    const signature = master.url.slice(-43);
    const forged = `${Buffer.from(JSON.stringify({ file: fileId, kind: 'original', exp: 9e9 })).toString('base64url')}${signature}`;
    expect((await call('GET', `/api/downloads/file/${forged}`)).status).toBe(404);
    expect((await call('GET', '/api/admin/audio-files/not-an-id/download-url', engineer)).status).toBe(400);
    expect((await call('GET', `/api/admin/audio-files/${fileId}/download-url?kind=both`, engineer)).status).toBe(400);
    jumpAhead(11 * 60_000);
    res = await call('GET', master.url);
    expect(res.status).toBe(410);
    expect((await res.json()).error).toBe(LINK_EXPIRED);
  });
});

describe('delivery: mail, download page data, files, zip, expiry', () => {
  it('mails the customer an expiring link, schedules the reminder a day before, and serves the masters until expiry', async () => {
    const order = await seed({ email: 'delivery@files.test', status: 'in_progress', names: ['Alpha.wav', 'Beta.wav'] });
    await uploadMaster(order.files[0]!.id, engineer, Buffer.from('alpha master'), 'Alpha (master).wav');
    await uploadMaster(order.files[1]!.id, engineer, Buffer.from('beta master'), 'Beta (master).wav');
    // Alpha's master has been measured (the analysis worker's row); Beta's not yet.
    await ctx.db.knex('file_analyses').insert({
      fileId: order.files[0]!.id,
      role: 'master',
      analyserVersion: 'test',
      status: 'ok',
      integratedLufs: -9.1,
      waveform: JSON.stringify([]),
    });
    // The file's answer carries the measured figures (its original is not measured yet).
    const alpha = AudioFileResponse.parse(
      await (await call('GET', `/api/admin/audio-files/${order.files[0]!.id}`, engineer)).json(),
    ).file;
    expect(alpha.analysis).toEqual({
      status: 'pending',
      errorReason: null,
      lufs: null,
      truePeakDbtp: null,
      durationSeconds: null,
      masterLufs: -9.1,
      masterTruePeakTooHigh: false,
    });
    const before = ctx.queued.length;
    const res = await call('PATCH', `/api/admin/orders/${order.id}/status`, engineer, {
      status: 'delivered',
      notes: 'Sent',
    });
    expect(res.status).toBe(200);

    const [mail, reminder] = ctx.queued.slice(before);
    expect(mail!.when).toBeUndefined();
    expect(mail).toMatchObject({
      name: 'email.send',
      data: { to: 'delivery@files.test', template: 'mastering-complete', orderId: order.id, kind: 'transactional' },
    });
    expect(mail!.data.data).toMatchObject({
      customerName: 'delivery',
      orderId: order.id,
      trackTitle: '2 tracks',
      fileNames: ['Alpha.wav', 'Beta.wav'],
    });
    expect(mail!.data.data.loudnessNote).toBe(`Alpha.wav: ${loudnessInPlainWords(-9.1)}`);
    // The jobs name the order and the expiry, never a working token: the mail worker mints the link.
    expect(mail!.data.downloadLink).toEqual({ orderId: order.id, expiresAt: expect.any(Date) });
    expect(JSON.stringify([mail, reminder])).not.toMatch(/download\/|downloadUrl/);
    const downloadUrl = mintedDownloadUrl(ctx.publicUrl, mail!);
    // No dot in the token: the page URL must not look like a file to the gateway.
    expect(downloadUrl).toMatch(new RegExp(`^${ctx.publicUrl}/download/[\\w-]+$`));
    expect(reminder).toMatchObject({
      name: 'email.send',
      data: { template: 'download-expiry-reminder', to: 'delivery@files.test', downloadLink: mail!.data.downloadLink },
    });
    const sixDays = Date.now() + 6 * 86_400_000;
    expect(Math.abs(reminder!.when!.getTime() - sixDays)).toBeLessThan(60_000);

    const token = downloadUrl.split('/').at(-1)!;
    const delivery = Delivery.parse(await (await call('GET', `/api/downloads/order/${token}`)).json());
    expect(delivery.files.map((f) => [f.name, f.size])).toEqual([
      ['Alpha (master).wav', 12],
      ['Beta (master).wav', 11],
    ]);
    // The page explains each measured master's loudness in plain words (Beta's is not measured yet).
    expect(delivery.files.map((f) => f.loudness)).toEqual([loudnessInPlainWords(-9.1), null]);
    expect(Math.abs(new Date(delivery.expiresAt).getTime() - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    expect(await (await call('GET', delivery.files[1]!.url)).text()).toBe('beta master');

    const zip = await call('GET', delivery.archiveUrl);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // Stored entries: names and contents appear as they are.
    expect(bytes.includes('Alpha (master).wav')).toBe(true);
    expect(bytes.includes('alpha master')).toBe(true);
    expect(bytes.includes('beta master')).toBe(true);

    jumpAhead(7 * 86_400_000 + 60_000);
    const expired = await call('GET', `/api/downloads/order/${token}`);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toBe(DELIVERY_EXPIRED);
    expect((await call('GET', delivery.archiveUrl)).status).toBe(410);
  });

  it("uses the delivery setting for the link's lifetime, and a reopened order's link stops working", async () => {
    await ctx.db.knex('settings').insert({ key: 'delivery', value: JSON.stringify({ downloadDays: 14 }) });
    const order = await seed({ email: 'reopen@files.test', status: 'in_progress' });
    await uploadMaster(order.files[0]!.id, engineer, Buffer.from('m'));
    const before = ctx.queued.length;
    await call('PATCH', `/api/admin/orders/${order.id}/status`, admin, { status: 'delivered' });
    const token = mintedDownloadUrl(ctx.publicUrl, ctx.queued[before]!).split('/').at(-1)!;
    const delivery = Delivery.parse(await (await call('GET', `/api/downloads/order/${token}`)).json());
    expect(Math.abs(new Date(delivery.expiresAt).getTime() - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000);
    await call('PATCH', `/api/admin/orders/${order.id}/status`, admin, {
      status: 'in_progress',
      notes: 'Customer asked for more bass',
    });
    expect((await call('GET', `/api/downloads/order/${token}`)).status).toBe(404);
    expect((await call('GET', '/api/downloads/order/not-a-token-at-all')).status).toBe(404);
    await ctx.db.knex('settings').where('key', 'delivery').delete();
  });
});
