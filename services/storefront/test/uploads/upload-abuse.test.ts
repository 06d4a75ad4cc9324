import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  computePricing,
  DEFAULT_UPLOAD_LIMITS,
  pendingUploadBytesExceeded,
  pricingForApi,
  tooManyPendingUploads,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_STORAGE_FULL,
  UploadUrlResponse,
  type UploadLimitSettings,
} from '@mastering/contracts';
import { freeBytes } from '../../src/uploads/free-space';
import { guestCookieFrom, startStorefront, storefrontPerFile, uploadWhole, wav } from '../support';

// Upload abuse (issue 23): limits per visitor and per client address on uploads not in a paid order,
// the first bytes sniffed as audio, and a free-space floor. The gateway forwards the client address in
// X-Forwarded-For (service-kit trusts one hop), as these requests do.

const ctx = storefrontPerFile();
afterEach(async () => {
  await ctx.db.knex('settings').whereIn('key', ['security', 'pricing']).delete();
});

const MB = 1024 * 1024;
const GB = 1024 * MB;
const idOf = (uploadURL: string) => uploadURL.split('/').at(-1)!;
const storedFile = (uploadURL: string) => path.join(ctx.site.storageDir, 'uploads', idOf(uploadURL));
const rowOf = (uploadURL: string) => ctx.db.knex('uploads').where('id', idOf(uploadURL)).first();
const limitTo = (limits: Partial<UploadLimitSettings>) =>
  ctx.db.knex('settings').insert({ key: 'security', value: JSON.stringify({ ...DEFAULT_UPLOAD_LIMITS, ...limits }) });
const allowFilesOf = (maxFileSizeMb: number) =>
  ctx.db.knex('settings').insert({
    key: 'pricing',
    value: JSON.stringify({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb }),
  });

/** POST /api/files/upload as a browser (a new guest unless `cookie`) from client address `from`. */
const open = (from: string, cookie?: string) =>
  fetch(`${ctx.site.base}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
  });
const tusBegin = (uploadURL: string, length: number, name = 'a.wav', type = 'audio/wav') =>
  fetch(`${ctx.site.base}${uploadURL}`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`,
    },
  });
const tusPatch = (uploadURL: string, body: Buffer, offset = 0) =>
  fetch(`${ctx.site.base}${uploadURL}`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(body),
  });

// The first bytes of each format the storefront takes, as their encoders write them.
// An ID3v2.4 tag of 32 bytes, then an MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz).
const ID3_MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x20', 'latin1'),
  Buffer.alloc(32),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(3000),
]);
const FLAC = Buffer.concat([Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'), Buffer.alloc(3000)]);

describe('limits on uploads not in a paid order', () => {
  it('refuses a visitor past its files (429) but lets a new visitor from elsewhere upload', async () => {
    await limitTo({ uploadFilesPerVisitor: 2 });
    const first = await open('203.0.113.1');
    const cookie = guestCookieFrom(first);
    expect((await open('203.0.113.1', cookie)).status).toBe(200);
    const third = await open('203.0.113.1', cookie);
    expect(third.status).toBe(429);
    expect((await third.json()).error).toBe(tooManyPendingUploads('visitor', 2));
    expect(await ctx.db.knex('uploads').where('client_address', '203.0.113.1')).toHaveLength(2);
    expect((await open('203.0.113.2')).status).toBe(200);
  });

  it('refuses fresh cookies from one address past the address limit (429), not other addresses', async () => {
    await limitTo({ uploadFilesPerAddress: 3 });
    for (let i = 0; i < 3; i++) expect((await open('198.51.100.7')).status).toBe(200);
    const refused = await open('198.51.100.7');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(tooManyPendingUploads('address', 3));
    expect((await open('198.51.100.8')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 prefix, so fresh addresses of one prefix share the address limit', async () => {
    await limitTo({ uploadFilesPerAddress: 2 });
    expect((await open('2001:db8:1:2::a')).status).toBe(200);
    expect((await open('2001:db8:1:2::b')).status).toBe(200);
    expect((await open('2001:db8:1:2:ffff::c')).status).toBe(429);
    expect((await open('2001:db8:1:3::a')).status).toBe(200);
  });

  it('counts the declared size when an upload begins, before its bytes arrive (429 past the GB limit)', async () => {
    await allowFilesOf(1000);
    await limitTo({ uploadGbPerVisitor: 1 });
    const first = await open('192.0.2.10');
    const cookie = guestCookieFrom(first);
    const a = UploadUrlResponse.parse(await first.json());
    expect((await tusBegin(a.uploadURL, 600 * MB)).status).toBe(201);
    expect(Number((await rowOf(a.uploadURL)).declaredSize)).toBe(600 * MB);

    const b = UploadUrlResponse.parse(await (await open('192.0.2.10', cookie)).json());
    const refused = await tusBegin(b.uploadURL, 600 * MB);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(pendingUploadBytesExceeded('visitor', 1));
    expect((await rowOf(b.uploadURL)).declaredSize).toBeNull();
    // A whole-body PUT declaring as much is refused the same way, before its body is sent.
    const c = UploadUrlResponse.parse(await (await open('192.0.2.10', cookie)).json());
    const put = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${ctx.site.base}${c.uploadURL}`,
        { method: 'PUT', headers: { 'content-type': 'audio/wav', 'content-length': String(600 * MB) } },
        (res) => {
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(put).toBe(429);
    expect((await rowOf(c.uploadURL)).declaredSize).toBeNull();
    // What fits still goes through.
    expect((await tusBegin(b.uploadURL, 300 * MB)).status).toBe(201);
    expect(Number((await rowOf(b.uploadURL)).declaredSize)).toBe(300 * MB);
  });

  it('stops counting uploads once their order is paid, and counts those of an unpaid order', async () => {
    await limitTo({ uploadFilesPerVisitor: 2 });
    const a = await uploadWhole(ctx.site, wav(200));
    const b = await uploadWhole(ctx.site, wav(200), { cookie: a.cookie });
    const file = (objectPath: string, name: string) => ({
      originalName: name,
      fileName: name,
      fileSize: 200,
      originalFilePath: objectPath,
    });
    const placed = await fetch(`${ctx.site.base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: a.cookie },
      body: JSON.stringify({
        customerEmail: 'thandi@example.com',
        files: [file(a.objectPath, 'a.wav'), file(b.objectPath, 'b.wav')],
        pricing: pricingForApi(computePricing(2)),
        termsAccepted: true,
      }),
    });
    expect(placed.status).toBe(201);
    const { order } = await placed.json();
    const again = () =>
      fetch(`${ctx.site.base}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: a.cookie },
      });
    expect((await again()).status).toBe(429);
    await ctx.db.knex('orders').where('id', order.id).update({ status: 'payment_confirmed' });
    expect((await again()).status).toBe(200);
  });
});

describe('only audio is stored', () => {
  it('refuses a PUT whose first bytes are not audio (415) whatever its type says, and stores nothing', async () => {
    const { uploadURL } = UploadUrlResponse.parse(await (await open('192.0.2.20')).json());
    const res = await fetch(`${ctx.site.base}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: new Uint8Array(Buffer.alloc(5 * MB, 0x41)),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe(UPLOAD_BYTES_NOT_AUDIO);
    expect(existsSync(storedFile(uploadURL))).toBe(false);
    expect((await rowOf(uploadURL)).status).toBe('pending');
  });

  it('records the type the bytes show and names the ordered file with its extension', async () => {
    const { cookie, uploadURL, objectPath } = await uploadWhole(ctx.site, ID3_MP3, { contentType: 'audio/wav' });
    expect((await rowOf(uploadURL)).contentType).toBe('audio/mpeg');
    const placed = await fetch(`${ctx.site.base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        customerEmail: 'sipho@example.com',
        files: [{ originalName: 'Night Drive.wav', fileName: 'x', fileSize: 1, originalFilePath: objectPath }],
        pricing: pricingForApi(computePricing(1)),
        termsAccepted: true,
      }),
    });
    expect(placed.status).toBe(201);
    const [file] = await ctx.db.knex('order_files').where('order_id', (await placed.json()).order.id);
    expect(file).toMatchObject({
      originalName: 'Night Drive.wav',
      fileName: 'Night_Drive.mp3',
      mimeType: 'audio/mpeg',
    });
  });

  it('refuses a tus upload on its first PATCH when the bytes are not audio (415), storing none of them', async () => {
    const { uploadURL } = UploadUrlResponse.parse(await (await open('192.0.2.21')).json());
    expect((await tusBegin(uploadURL, 8000, 'song.wav')).status).toBe(201);
    const res = await tusPatch(uploadURL, Buffer.from('<html><script>alert(1)</script></html>'.padEnd(8000, ' ')));
    expect(res.status).toBe(415);
    expect(await res.text()).toContain(UPLOAD_BYTES_NOT_AUDIO);
    expect((await stat(storedFile(uploadURL))).size).toBe(0);
    expect((await rowOf(uploadURL)).status).toBe('pending');
  });

  it('completes a tus upload of audio with the type its bytes show, not the one its metadata claims', async () => {
    const { uploadURL } = UploadUrlResponse.parse(await (await open('192.0.2.22')).json());
    expect((await tusBegin(uploadURL, FLAC.length, 'take 3.wav', 'audio/wav')).status).toBe(201);
    expect((await tusPatch(uploadURL, FLAC)).status).toBe(204);
    expect(await rowOf(uploadURL)).toMatchObject({
      status: 'completed',
      contentType: 'audio/flac',
      originalName: 'take 3.wav',
    });
  });
});

describe('the free-space floor', () => {
  it('refuses new uploads (507) when they would leave the storage disk below its floor', async () => {
    // A floor far above what any disk has free: nothing may be opened.
    const full = await startStorefront(ctx.db, { STORAGE_MIN_FREE_MB: String(1024 ** 4) });
    try {
      const res = await fetch(`${full.base}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(507);
      expect((await res.json()).error).toBe(UPLOAD_STORAGE_FULL);
    } finally {
      await full.close();
    }

    // A floor 20 GB under what is free now: opening works, but a file declared at 40 GB is refused.
    const floorMb = Math.floor(((await freeBytes(ctx.site.storageDir)) - 20 * GB) / MB);
    const tight = await startStorefront(ctx.db, { STORAGE_MIN_FREE_MB: String(Math.max(floorMb, 0)) });
    try {
      await allowFilesOf(100_000);
      const opened = await fetch(`${tight.base}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(opened.status).toBe(200);
      const { uploadURL } = UploadUrlResponse.parse(await opened.json());
      const res = await fetch(`${tight.base}${uploadURL}`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(40 * GB),
          'upload-metadata': `filetype ${Buffer.from('audio/wav').toString('base64')}`,
        },
      });
      expect(res.status).toBe(507);
      expect(await res.text()).toContain(UPLOAD_STORAGE_FULL);
    } finally {
      await tight.close();
    }
  });
});
