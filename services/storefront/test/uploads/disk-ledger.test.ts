import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_STORAGE_FULL, UploadUrlResponse } from '@mastering/contracts';
import { sweepAbandonedUploads } from '../../src/uploads/sweeper';
import type { FreeBytesOf } from '../../src/uploads/free-space';
import { startStorefront, storefrontPerFile, wav, type Storefront } from '../support';

// Disk space is reserved, not guessed (issue 51): an upload's declared bytes are held in one ledger in
// PostgreSQL against the free-space floor from its admission until they are stored, it fails, or its
// URL expires. The disk is a stand-in (an injected free-space measure), so no real disk fills.

const ctx = storefrontPerFile();
const sites: Storefront[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
  await ctx.db.knex('settings').where('key', 'pricing').delete();
  await ctx.db.knex('disk_reservations').delete();
});

const MB = 1024 * 1024;
const FLOOR_MB = 2048;
const DECLARED = 500 * MB;

/** A storefront whose disk reports `measure` free, with the default 2 GB floor and files up to 1000 MB. */
async function siteOn(measure: FreeBytesOf): Promise<Storefront> {
  await ctx.db.knex('settings').insert({
    key: 'pricing',
    value: JSON.stringify({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb: 1000 }),
  });
  const site = await startStorefront(ctx.db, { STORAGE_MIN_FREE_MB: String(FLOOR_MB) }, undefined, {
    freeBytes: measure,
  });
  sites.push(site);
  return site;
}

const open = async (site: Storefront) => {
  const res = await fetch(`${site.base}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.51' },
  });
  expect(res.status).toBe(200);
  return UploadUrlResponse.parse(await res.json()).uploadURL;
};
const tusBegin = (site: Storefront, uploadURL: string, length: number) =>
  fetch(`${site.base}${uploadURL}`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('a.wav').toString('base64')},filetype ${Buffer.from('audio/wav').toString('base64')}`,
    },
  });
const tusPatch = (site: Storefront, uploadURL: string, body: Buffer) =>
  fetch(`${site.base}${uploadURL}`, {
    method: 'PATCH',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });
const idOf = (uploadURL: string) => uploadURL.split('/').at(-1)!;
const ledger = () => ctx.db.knex('disk_reservations').select('upload_id as uploadId', 'bytes');
const heldBytes = async () => (await ledger()).reduce((sum, row) => sum + Number(row.bytes), 0);

/** The bytes of the files under a folder (tus's partial uploads and stored objects alike). */
async function bytesUnder(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  const sizes = await Promise.all(
    entries.filter((e) => e.isFile()).map(async (e) => (await stat(path.join(e.parentPath, e.name))).size),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

describe('the disk ledger', () => {
  it('admits only the 500 MB declarations that fit above the floor out of 100 at once, and gives expired holds back', async () => {
    // Room for three and a half files above the floor: three fit, the other 97 are refused.
    const site = await siteOn(async () => FLOOR_MB * MB + 3.5 * DECLARED);
    const urls = await Promise.all(Array.from({ length: 100 }, () => open(site)));

    const answers = await Promise.all(
      urls.map(async (url) => {
        const res = await tusBegin(site, url, DECLARED);
        return { url, status: res.status, text: await res.text() };
      }),
    );
    const admitted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(admitted).toHaveLength(3);
    expect(refused).toHaveLength(97);
    for (const answer of refused) {
      expect(answer.status).toBe(507);
      expect(answer.text).toContain(UPLOAD_STORAGE_FULL);
    }
    expect(await heldBytes()).toBe(3 * DECLARED);
    // Nothing more fits now, not even a new upload URL's first write.
    expect((await tusBegin(site, await open(site), DECLARED)).status).toBe(507);

    // Two admitted uploads' URLs expire (their stored times aged): their bytes will not come.
    const expired = admitted.slice(0, 2).map((a) => idOf(a.url));
    const past = new Date(Date.now() - 60_000);
    await ctx.db.knex('uploads').whereIn('id', expired).update({ expires_at: past });
    await ctx.db.knex('disk_reservations').whereIn('upload_id', expired).update({ expires_at: past });

    // Five refused ones try again at once: the two freed places go to two of them.
    const retries = await Promise.all(
      refused.slice(0, 5).map(async (a) => (await tusBegin(site, a.url, DECLARED)).status),
    );
    expect(retries.filter((s) => s === 201)).toHaveLength(2);
    expect(retries.filter((s) => s === 507)).toHaveLength(3);

    // The sweep drops the expired holds from the ledger (they already counted no more).
    await sweepAbandonedUploads({ knex: ctx.db.knex, storage: null as never, tus: null as never }, 1_000_000);
    const left = (await ledger()).map((row) => row.uploadId);
    expect(left).toHaveLength(3);
    for (const id of expired) expect(left).not.toContain(id);
  });

  it('gives the hold back when the bytes are stored (the disk now counts them) or the upload fails', async () => {
    // A disk with 10,000 bytes above the floor, less what the storage folder holds.
    let storageDir = '';
    const site = await siteOn(
      async () => FLOOR_MB * MB + 10_000 - (await bytesUnder(path.join(storageDir, 'uploads'))),
    );
    storageDir = site.storageDir;

    const first = await open(site);
    expect((await tusBegin(site, first, 6000)).status).toBe(201);
    const second = await open(site);
    const full = await tusBegin(site, second, 6000);
    expect(full.status).toBe(507);
    expect(await full.text()).toContain(UPLOAD_STORAGE_FULL);

    // The first upload's bytes arrive: 6,000 bytes on the disk, none held; 4,000 left to declare.
    expect((await tusPatch(site, first, wav(6000))).status).toBe(204);
    expect(await ledger()).toEqual([]);
    expect((await tusBegin(site, second, 4001)).status).toBe(507);

    // A PUT admitted for 4,000 bytes whose bytes are not audio: refused, and its hold given back.
    const third = await open(site);
    const put = await fetch(`${site.base}${third}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav' },
      body: new Uint8Array(Buffer.alloc(4000, 'x')),
    });
    expect(put.status).toBe(415);
    expect(await ledger()).toEqual([]);
    expect((await tusBegin(site, second, 4000)).status).toBe(201);
    expect(await ledger()).toEqual([{ uploadId: idOf(second), bytes: '4000' }]);
  });
});
