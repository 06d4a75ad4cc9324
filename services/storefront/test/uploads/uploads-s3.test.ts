// The upload path with STORAGE_DRIVER=s3: whole PUTs and resumable tus uploads (staged on disk, then
// promoted) land in the bucket under the same object key the local driver uses; the sweep removes them. s3rver (a real S3 API on the
// local disk) runs in this process.
import { request } from 'node:http';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_STORAGE_FULL, UploadUrlResponse } from '@mastering/contracts';
import { createStorage, readStorageConfig } from '@mastering/storage';
import { sweepAbandonedUploads } from '../../src/uploads/sweeper';
import { createTusStore } from '../../src/uploads/tus-store';
import { startStorefront, startTestBucket, storefrontPerFile, uploadWhole, wav } from '../support';

const MB = 1024 * 1024;
const BUCKET = 'uploads-test';
let s3: Awaited<ReturnType<typeof startTestBucket>>;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startTestBucket(BUCKET);
  env = s3.env;
});
afterAll(() => s3?.stop());

const ctx = storefrontPerFile(() => env);
const bucket = () => createStorage(readStorageConfig(env));
const stored = async (uploadURL: string) =>
  buffer((await bucket().get(`uploads/${uploadURL.split('/').at(-1)}`))!.stream);
const rowOf = (uploadURL: string) => ctx.db.knex('uploads').where('id', uploadURL.split('/').at(-1)).first();
const tusHeaders = { 'tus-resumable': '1.0.0' };
const openUpload = async () => {
  const res = await fetch(`${ctx.site.base}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  return UploadUrlResponse.parse(await res.json());
};

describe('uploads with STORAGE_DRIVER=s3', () => {
  it('stores a whole-body PUT in the bucket', async () => {
    const file = wav(300_000);
    const { uploadURL } = await uploadWhole(ctx.site, file);
    expect(await stored(uploadURL)).toEqual(file);
    expect((await rowOf(uploadURL)).status).toBe('completed');
  });

  it('resumes a tus upload cut part way and completes it into the same object key', async () => {
    const file = wav(3 * MB);
    const { uploadURL } = await openUpload();
    const url = `${ctx.site.base}${uploadURL}`;
    const metadata = `filename ${Buffer.from('Long Take.wav').toString('base64')},filetype ${Buffer.from('audio/wav').toString('base64')}`;
    expect(
      (
        await fetch(url, {
          method: 'POST',
          headers: { ...tusHeaders, 'upload-length': String(file.length), 'upload-metadata': metadata },
        })
      ).status,
    ).toBe(201);

    // A first PATCH delivers 2 MB, then the line is lost: the server keeps what it stored.
    const sent = 2 * MB;
    await new Promise<void>((resolve) => {
      const cut = request(url, {
        method: 'PATCH',
        headers: {
          ...tusHeaders,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(sent),
        },
      });
      cut.on('response', (res) => res.resume().on('end', () => resolve()));
      cut.on('error', () => resolve());
      cut.end(file.subarray(0, sent));
    });
    const head = await fetch(url, { method: 'HEAD', headers: tusHeaders });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(sent);
    expect((await rowOf(uploadURL)).status).toBe('pending');

    // The browser's tus client asks where to go on and sends only the rest.
    let firstProgress = -1;
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(file, {
        uploadUrl: url,
        chunkSize: 512 * 1024,
        retryDelays: [],
        onProgress: (bytes) => {
          if (firstProgress < 0) firstProgress = bytes;
        },
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    expect(firstProgress).toBeGreaterThanOrEqual(sent);
    expect(await stored(uploadURL)).toEqual(file);
    expect(await rowOf(uploadURL)).toMatchObject({
      status: 'completed',
      protocol: 'tus',
      size: String(file.length),
      originalName: 'Long Take.wav',
    });
  });

  it('sweeps an abandoned upload out of the bucket', async () => {
    const { uploadURL } = await uploadWhole(ctx.site, wav(1000));
    await ctx.db
      .knex('uploads')
      .where('id', uploadURL.split('/').at(-1))
      .update({ created_at: new Date(Date.now() - 25 * 3_600_000) });
    const config = readStorageConfig(env);
    expect(
      await sweepAbandonedUploads(
        { knex: ctx.db.knex, storage: bucket(), tus: createTusStore(config, bucket(), ctx.site.storageDir) },
        24,
      ),
    ).toBe(1);
    expect(await rowOf(uploadURL)).toBeUndefined();
    expect(await bucket().exists(`uploads/${uploadURL.split('/').at(-1)}`)).toBe(false);
  });

  it('guards the disk tus stages on (STORAGE_DIR) with the ledger, while a whole PUT streams to the bucket', async () => {
    // The staging disk has 5,000 bytes above the default 2 GB floor; the measure is asked about it only.
    const measured = new Set<string>();
    const site = await startStorefront(ctx.db, env, undefined, {
      freeBytes: async (folder) => {
        measured.add(folder);
        return 2048 * MB + 5000;
      },
    });
    try {
      const begin = async (length: number) => {
        const opened = await fetch(`${site.base}/api/files/upload`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        const { uploadURL } = UploadUrlResponse.parse(await opened.json());
        const res = await fetch(`${site.base}${uploadURL}`, {
          method: 'POST',
          headers: {
            ...tusHeaders,
            'upload-length': String(length),
            'upload-metadata': `filetype ${Buffer.from('audio/wav').toString('base64')}`,
          },
        });
        return { status: res.status, text: await res.text(), id: uploadURL.split('/').at(-1)! };
      };
      const tooBig = await begin(6000);
      expect(tooBig.status).toBe(507);
      expect(tooBig.text).toContain(UPLOAD_STORAGE_FULL);
      // Not staged here: a PUT bigger than the staging disk's room goes straight to the bucket.
      const file = wav(6000);
      const { uploadURL } = await uploadWhole(site, file);
      expect(await stored(uploadURL)).toEqual(file);

      const fits = await begin(4000);
      expect(fits.status).toBe(201);
      expect(await ctx.db.knex('disk_reservations').where('upload_id', fits.id).first()).toMatchObject({
        volume: path.resolve(site.storageDir),
        bytes: '4000',
      });
      expect([...measured]).toEqual([path.resolve(site.storageDir)]);
    } finally {
      await site.close();
    }
  });
});
