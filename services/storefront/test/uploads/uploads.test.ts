import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as tus from 'tus-js-client';
import {
  objectKeyOfPath,
  objectPathOfKey,
  UPLOAD_ALREADY_COMPLETED,
  UPLOAD_NOT_AUDIO,
  UPLOAD_OTHER_PROTOCOL,
  UPLOAD_URL_EXPIRED,
  UploadUrlResponse,
  uploadTooLarge,
} from '@mastering/contracts';
import { createStorage } from '@mastering/storage';
import { sweepAbandonedUploads } from '../../src/uploads/sweeper';
import { createTusStore } from '../../src/uploads/tus-store';
import { guestCookieFrom, storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();
afterEach(async () => {
  await ctx.db.knex('settings').where('key', 'pricing').delete();
});

const MB = 1024 * 1024;
const storedFile = (uploadURL: string) => path.join(ctx.site.storageDir, 'uploads', uploadURL.split('/').at(-1)!);
const openUpload = async (cookie?: string) => {
  const res = await fetch(`${ctx.site.base}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  expect(res.status).toBe(200);
  return { res, ...UploadUrlResponse.parse(await res.json()) };
};
/** tus's record of an upload (its length, offset and metadata, the file's name among it), see tus-store.ts. */
const tusRecordOf = (uploadURL: string) =>
  path.join(ctx.site.storageDir, '.tus', 'uploads', `${uploadURL.split('/').at(-1)!}.json`);
const rowOf = (uploadURL: string) => ctx.db.knex('uploads').where('id', uploadURL.split('/').at(-1)).first();
const limitUploadsTo = (maxFileSizeMb: number) =>
  ctx.db.knex('settings').insert({
    key: 'pricing',
    value: JSON.stringify({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb }),
  });
const tusHeaders = { 'tus-resumable': '1.0.0' };
const tusMetadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

describe('POST /api/files/upload', () => {
  it('answers an upload URL and gives a new browser a guest cookie that owns the upload', async () => {
    const { res, uploadURL } = await openUpload();
    expect(uploadURL).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const cookie = guestCookieFrom(res);
    expect(res.headers.get('set-cookie')!.toLowerCase()).toContain('httponly');
    const row = await rowOf(uploadURL);
    expect(row).toMatchObject({ status: 'pending', userId: null });
    expect(row.guestKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.guestKeyHash).not.toContain(cookie.slice(4));

    // The same browser keeps its cookie and owns the next upload too.
    const again = await openUpload(cookie);
    expect(again.res.headers.get('set-cookie')).toBeNull();
    expect((await rowOf(again.uploadURL)).guestKeyHash).toBe(row.guestKeyHash);
  });
});

describe('PUT {uploadURL}: the whole file in one body', () => {
  it('streams the body to storage; the path the browser keeps names the stored object', async () => {
    const body = wav(300_000);
    const { uploadURL, objectPath } = await uploadWhole(ctx.site, body);
    expect(objectPath).toBe(objectPathOfKey(objectKeyOfPath(uploadURL)!));
    expect(await readFile(storedFile(uploadURL))).toEqual(body);
    expect(await rowOf(uploadURL)).toMatchObject({
      status: 'completed',
      protocol: 'put',
      size: '300000',
      contentType: 'audio/wav',
    });
  });

  it('accepts application/octet-stream (a file the browser has no type for)', async () => {
    const { uploadURL } = await uploadWhole(ctx.site, wav(1000), { contentType: 'application/octet-stream' });
    expect((await rowOf(uploadURL)).status).toBe('completed');
  });

  it('refuses a second PUT to a completed URL (403) and keeps the first file', async () => {
    const body = wav(5000);
    const { uploadURL } = await uploadWhole(ctx.site, body);
    const res = await fetch(`${ctx.site.base}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: randomBytes(10),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(UPLOAD_ALREADY_COMPLETED);
    expect(await readFile(storedFile(uploadURL))).toEqual(body);
  });

  it('refuses an expired URL (403) and stores nothing', async () => {
    const { uploadURL } = await openUpload();
    await ctx.db
      .knex('uploads')
      .where('id', uploadURL.split('/').at(-1))
      .update({ expires_at: new Date(Date.now() - 1000) });
    const res = await fetch(`${ctx.site.base}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: randomBytes(10),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(UPLOAD_URL_EXPIRED);
    expect(existsSync(storedFile(uploadURL))).toBe(false);
  });

  it('refuses a non-audio type (415) and stores nothing', async () => {
    const { uploadURL } = await openUpload();
    const res = await fetch(`${ctx.site.base}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/html' },
      body: '<script>',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe(UPLOAD_NOT_AUDIO);
    expect(existsSync(storedFile(uploadURL))).toBe(false);
    expect((await rowOf(uploadURL)).status).toBe('pending');
  });

  it('answers 413 on a declared length over the limit before the body is sent', async () => {
    await limitUploadsTo(1);
    const { uploadURL } = await openUpload();
    // Only the headers go out: the answer comes before any of the body exists.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${ctx.site.base}${uploadURL}`,
        { method: 'PUT', headers: { 'content-type': 'audio/wav', 'content-length': String(2 * MB) } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode!, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe(uploadTooLarge(1));
    expect(existsSync(storedFile(uploadURL))).toBe(false);
  });

  it('cuts off a body without a length once it passes the limit (413) and keeps nothing', async () => {
    await limitUploadsTo(1);
    const { uploadURL } = await openUpload();
    const chunks = [wav(MB / 2), randomBytes(MB / 2), randomBytes(MB / 2)];
    const stream = new ReadableStream({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await fetch(`${ctx.site.base}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(existsSync(storedFile(uploadURL))).toBe(false);
    expect((await rowOf(uploadURL)).status).toBe('pending');
  });

  it('answers 404 for an upload URL that was never handed out, 400 for a malformed one', async () => {
    expect(
      (
        await fetch(`${ctx.site.base}/uploads/00000000-0000-4000-8000-000000000000`, {
          method: 'PUT',
          headers: { 'content-type': 'audio/wav' },
          body: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await fetch(`${ctx.site.base}/uploads/not-an-id`, {
          method: 'PUT',
          headers: { 'content-type': 'audio/wav' },
          body: 'x',
        })
      ).status,
    ).toBe(400);
  });
});

describe('the same URL resumes with tus', () => {
  it('continues an upload cut half way from the last byte stored, to the exact file', async () => {
    const file = wav(2 * MB);
    const { uploadURL } = await openUpload();
    const url = `${ctx.site.base}${uploadURL}`;
    const created = await fetch(url, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(file.length),
        'upload-metadata': tusMetadata('My Song (final).wav', 'audio/wav'),
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(uploadURL);

    // The connection drops half way: the PATCH promised the whole file, sent half, and while the server
    // was storing it the socket closed.
    const half = file.length / 2;
    const cut = request(url, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length),
      },
    });
    cut.on('error', () => undefined);
    cut.write(file.subarray(0, half));
    await vi.waitFor(async () => expect((await stat(storedFile(uploadURL))).size).toBeGreaterThanOrEqual(half / 4), {
      timeout: 10_000,
      interval: 10,
    });
    cut.destroy();

    // The server kept what arrived; tus reports that offset (asking takes the upload's lock, so the cut
    // request is wound up first).
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(half / 4);
    expect(offset).toBeLessThanOrEqual(half);
    expect((await rowOf(uploadURL)).status).toBe('pending');
    // tus keeps what it needs to resume, the file's name among it, while the upload is partial.
    expect(await readFile(tusRecordOf(uploadURL), 'utf8')).toContain('My Song (final).wav');

    // A browser's tus client resumes from there.
    let firstProgress = -1;
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(file, {
        uploadUrl: url,
        chunkSize: 512 * 1024,
        retryDelays: [],
        onProgress: (sent) => {
          if (firstProgress < 0) firstProgress = sent;
        },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    expect(firstProgress).toBeGreaterThanOrEqual(offset);
    expect(await readFile(storedFile(uploadURL))).toEqual(file);
    expect(await rowOf(uploadURL)).toMatchObject({
      status: 'completed',
      protocol: 'tus',
      size: String(file.length),
      originalName: 'My Song (final).wav',
      contentType: 'audio/wav',
    });
    // Complete, it is never resumed: tus's record of it (and the name in it) is gone; the row keeps the name.
    expect(existsSync(tusRecordOf(uploadURL))).toBe(false);

    // Complete now: writing again is refused, and so is a whole-body PUT.
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': String(file.length),
        'content-type': 'application/offset+octet-stream',
      },
      body: 'x',
    });
    expect(patch.status).toBe(403);
    expect(await patch.text()).toContain(UPLOAD_ALREADY_COMPLETED);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'audio/wav' }, body: 'x' })).status).toBe(403);
    expect(await readFile(storedFile(uploadURL))).toEqual(file);
  });

  it('uploads a whole file with tus-js-client from the upload URL as its endpoint', async () => {
    const file = wav(700_000);
    const { uploadURL } = await openUpload();
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(file, {
        endpoint: `${ctx.site.base}${uploadURL}`,
        metadata: { filename: 'a.mp3', filetype: 'audio/mpeg' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(await readFile(storedFile(uploadURL))).toEqual(file);
  });

  it('refuses a length over the limit (413) and a non-audio file (415) when the upload begins', async () => {
    await limitUploadsTo(1);
    const big = await openUpload();
    const tooLarge = await fetch(`${ctx.site.base}${big.uploadURL}`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(2 * MB), 'upload-metadata': tusMetadata('a.wav', 'audio/wav') },
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain(uploadTooLarge(1));

    const text = await openUpload();
    const notAudio = await fetch(`${ctx.site.base}${text.uploadURL}`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': '10', 'upload-metadata': tusMetadata('notes.txt', 'text/plain') },
    });
    expect(notAudio.status).toBe(415);
    expect(existsSync(storedFile(text.uploadURL))).toBe(false);
  });

  it('keeps the two protocols apart on one URL, and refuses an expired one (403)', async () => {
    const { uploadURL } = await openUpload();
    const url = `${ctx.site.base}${uploadURL}`;
    expect(
      (
        await fetch(url, {
          method: 'POST',
          headers: { ...tusHeaders, 'upload-length': '100', 'upload-metadata': tusMetadata('a.wav', 'audio/wav') },
        })
      ).status,
    ).toBe(201);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'audio/wav' }, body: 'x' });
    expect(put.status).toBe(403);
    expect((await put.json()).error).toBe(UPLOAD_OTHER_PROTOCOL);

    await ctx.db
      .knex('uploads')
      .where('id', uploadURL.split('/').at(-1))
      .update({ expires_at: new Date(Date.now() - 1000) });
    const late = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: 'x',
    });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain(UPLOAD_URL_EXPIRED);
  });
});

describe('sweeping abandoned uploads', () => {
  it('removes uploads never ordered after a day, with their files, and keeps newer ones', async () => {
    const old = await uploadWhole(ctx.site, wav(100));
    const recent = await uploadWhole(ctx.site, wav(100));
    const oldId = old.uploadURL.split('/').at(-1);
    await ctx.db
      .knex('uploads')
      .where('id', oldId)
      .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
    const storage = { driver: 'local', root: ctx.site.storageDir } as const;
    const deps = {
      knex: ctx.db.knex,
      storage: createStorage(storage),
      tus: createTusStore(storage, createStorage(storage), ctx.site.storageDir),
    };
    expect(await sweepAbandonedUploads(deps, 24)).toBe(1);
    expect(await rowOf(old.uploadURL)).toBeUndefined();
    expect(existsSync(storedFile(old.uploadURL))).toBe(false);
    expect(await rowOf(recent.uploadURL)).toBeDefined();
    expect(existsSync(storedFile(recent.uploadURL))).toBe(true);
  });

  it('removes a partial tus upload left a day with its bytes and its record (which names the file)', async () => {
    const { uploadURL } = await openUpload();
    const url = `${ctx.site.base}${uploadURL}`;
    const file = wav(4000);
    const created = await fetch(url, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(file.length),
        'upload-metadata': tusMetadata('Demo.wav', 'audio/wav'),
      },
    });
    expect(created.status).toBe(201);
    const half = await fetch(url, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(file.subarray(0, 2000)),
    });
    expect(half.status).toBe(204);
    expect(await readFile(tusRecordOf(uploadURL), 'utf8')).toContain('Demo.wav');
    await ctx.db
      .knex('uploads')
      .where('id', uploadURL.split('/').at(-1))
      .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });

    const storage = { driver: 'local', root: ctx.site.storageDir } as const;
    const tus = createTusStore(storage, createStorage(storage), ctx.site.storageDir);
    expect(await sweepAbandonedUploads({ knex: ctx.db.knex, storage: createStorage(storage), tus }, 24)).toBe(1);
    expect(await rowOf(uploadURL)).toBeUndefined();
    expect(existsSync(storedFile(uploadURL))).toBe(false);
    expect(existsSync(tusRecordOf(uploadURL))).toBe(false);
  });
});
