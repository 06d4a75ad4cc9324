// Two storefront replicas on one database and one storage folder (REPLICAS=2 npm start; the shared
// volume on Kubernetes): an upload begun on one resumes on the other, and a login code asked of one is
// accepted by the other (and then by neither again). Nothing the storefront needs is per process.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadUrlResponse } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { startStorefront, TestBrowser, wav, type Storefront } from './support';

let db: TestDatabase;
let shared: Awaited<ReturnType<typeof tempFolder>>;
let one: Storefront;
let two: Storefront;

beforeAll(async () => {
  db = await createTestDatabase();
  shared = await tempFolder('storefront-replicas');
  one = await startStorefront(db, { STORAGE_DIR: shared.dir });
  two = await startStorefront(db, { STORAGE_DIR: shared.dir });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await shared?.remove();
  await db?.destroy();
});

const tusHeaders = { 'tus-resumable': '1.0.0' };

describe('two storefront replicas', () => {
  it('resume on one replica a tus upload begun on the other', async () => {
    const file = wav(600_000);
    const opened = await fetch(`${one.base}/api/files/upload`, { method: 'POST' });
    const { uploadURL } = UploadUrlResponse.parse(await opened.json());
    const created = await fetch(`${one.base}${uploadURL}`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': String(file.length),
        'upload-metadata': `filename ${Buffer.from('Take.wav').toString('base64')},filetype ${Buffer.from('audio/wav').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    // The first half reaches replica one, then the connection (or the replica) is gone.
    const half = 300_000;
    await new Promise<void>((resolve, reject) => {
      const patch = request(`${one.base}${uploadURL}`, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(half),
        },
      });
      patch.on('response', (res) => res.resume().on('end', resolve));
      patch.on('error', reject);
      patch.end(file.subarray(0, half));
    });

    // Replica two knows how far it got, and the tus client finishes there.
    const head = await fetch(`${two.base}${uploadURL}`, { method: 'HEAD', headers: tusHeaders });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    let resumedAt = -1;
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(file, {
        uploadUrl: `${two.base}${uploadURL}`,
        retryDelays: [],
        onProgress: (bytes) => {
          if (resumedAt < 0) resumedAt = bytes;
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(resumedAt).toBeGreaterThanOrEqual(half);
    const row = await db.knex('uploads').where('id', uploadURL.split('/').at(-1)).first();
    expect(row).toMatchObject({ status: 'completed', protocol: 'tus', size: String(file.length) });
  });

  it('finish, when the client resumes, a tus upload whose replica died after its last byte but before completing it', async () => {
    const file = wav(200_000);
    const opened = await fetch(`${one.base}/api/files/upload`, { method: 'POST' });
    const { uploadURL } = UploadUrlResponse.parse(await opened.json());
    const id = uploadURL.split('/').at(-1);
    // tus's record of the upload, kept while it runs (a completed upload's record is removed at once).
    const record = path.join(shared.dir, '.tus', 'uploads', `${id}.json`);
    let kept: string | null = null;
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(file, {
        endpoint: `${one.base}${uploadURL}`,
        metadata: { filename: 'Take.wav', filetype: 'audio/wav' },
        retryDelays: [],
        onProgress: () => {
          kept ??= readFileSync(record, 'utf8');
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    // Every byte arrived, and the replica died before the row was completed (or the database was away),
    // so before tus's record was removed too.
    await db.knex('uploads').where('id', id).update({ status: 'pending', size: null, completedAt: null });
    writeFileSync(record, kept!);

    // The client asks the other replica how far it got: all of it, and the upload is finished.
    const head = await fetch(`${two.base}${uploadURL}`, { method: 'HEAD', headers: tusHeaders });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(file.length));
    const row = await db.knex('uploads').where('id', id).first();
    expect(row).toMatchObject({ status: 'completed', protocol: 'tus', size: String(file.length) });
    // Answered from it, tus's record (with the file name) is gone.
    expect(existsSync(record)).toBe(false);
  });

  it('answer a HEAD after a tus upload completed (its record gone): all of it, so a client whose last answer was lost is done', async () => {
    const file = wav(100_000);
    const opened = await fetch(`${one.base}/api/files/upload`, { method: 'POST' });
    const { uploadURL } = UploadUrlResponse.parse(await opened.json());
    const id = uploadURL.split('/').at(-1);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(file, {
        endpoint: `${one.base}${uploadURL}`,
        metadata: { filename: 'Take.wav', filetype: 'audio/wav' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(existsSync(path.join(shared.dir, '.tus', 'uploads', `${id}.json`))).toBe(false);
    const head = await fetch(`${two.base}${uploadURL}`, { method: 'HEAD', headers: tusHeaders });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(file.length));
    expect(head.headers.get('upload-length')).toBe(String(file.length));
  });

  it('accept on one replica the login code asked of the other, and use it up on both', async () => {
    const email = 'replica-user@example.com';
    await db.knex('users').insert({ email, role: 'engineer', isActive: true });
    // One browser, whose requests the balancer spreads over both replicas.
    const browser = new TestBrowser(one.base);
    const on = (replica: Storefront) => browser.at(replica.base);
    expect((await on(one).post('/auth/request-code', { email })).status).toBe(200);
    const code = one.queued.at(-1)!.data.data.code as string;
    const verified = await on(two).post('/auth/verify-code', { email, code });
    expect(verified.status).toBe(200);
    const sid = /sid=[^;]+/.exec(verified.headers.get('set-cookie') ?? '')?.[0];
    expect(sid).toBeTruthy();
    // The session is a row (the gateway resolves it on every request), not a replica's memory.
    expect(await db.knex('sessions').count('* as n').first()).toEqual({ n: '1' });
    // The code is used up on both replicas.
    expect((await on(one).post('/auth/verify-code', { email, code })).status).toBe(400);
  });
});
