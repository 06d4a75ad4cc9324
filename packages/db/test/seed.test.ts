import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type ObjectStorage } from '@mastering/storage';
import { bindModels, Order, seed, SEED_PRICING, ShowcaseTrack } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let db: TestDatabase;
let storageDir: string;
let storage: ObjectStorage;

beforeAll(async () => {
  db = await createTestDatabase();
  bindModels(db.knex);
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'seed-storage-'));
  storage = createStorage({ driver: 'local', root: storageDir });
});
afterAll(async () => {
  await db?.destroy();
  await rm(storageDir, { recursive: true, force: true });
});

const TABLES = ['users', 'settings', 'showcase_tracks', 'testimonials'];
async function counts() {
  return Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, Number((await db.knex(t).count({ n: '*' }))[0].n)])),
  );
}

describe('seed', () => {
  it('creates the admin, pricing and (embedded default) four demo tracks and testimonials, and adds nothing the second time', async () => {
    const first = await seed(db.knex, { adminEmail: 'Owner@Studio.co.za', storage, demo: true });
    expect(first.created).toEqual({ showcaseTracks: 4, testimonials: 4, pricing: true });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ users: 1, settings: 1, showcase_tracks: 4, testimonials: 4 });

    const second = await seed(db.knex, { adminEmail: 'owner@studio.co.za', storage, demo: true });
    expect(second).toEqual({
      adminUserId: first.adminUserId,
      created: { showcaseTracks: 0, testimonials: 0, pricing: false },
    });
    expect(await counts()).toEqual(afterFirst);

    const admin = await db.knex('users').where({ id: first.adminUserId }).first();
    expect(admin).toMatchObject({
      email: 'owner@studio.co.za',
      firstName: 'Studio',
      lastName: 'Admin',
      role: 'admin',
      isActive: true,
    });
    expect((await db.knex('settings').where({ key: 'pricing' }).first()).value).toEqual(SEED_PRICING);
  });

  it('stores playable demo audio and covers and links them as /media URLs', async () => {
    const tracks = await ShowcaseTrack.query().modify('active').modify('inDisplayOrder');
    expect(tracks.map((t) => [t.genre, t.displayOrder])).toEqual([
      ['Electronic', 0],
      ['Rock', 1],
      ['Jazz', 2],
      ['Pop', 3],
    ]);
    for (const track of tracks) {
      expect(track.title).not.toBe('');
      expect(track.beforeDescription).not.toBe('');
      for (const url of [track.originalAudioUrl, track.masteredAudioUrl, track.artworkUrl]) {
        expect(url).toMatch(/^\/media\/showcase\/[a-z0-9-]+-(original\.wav|mastered\.wav|cover\.svg)$/);
        const info = await storage.stat(url!.slice('/media/'.length));
        expect(info?.size).toBeGreaterThan(1000);
      }
      const wav = await storage.get(track.masteredAudioUrl!.slice('/media/'.length));
      expect(wav?.contentType).toBe('audio/wav');
      const header = await readStart(wav!.stream, 12);
      expect(header.toString('ascii', 0, 4) + header.toString('ascii', 8, 12)).toBe('RIFFWAVE');
    }
  });

  it('never overwrites what staff changed', async () => {
    await db
      .knex('settings')
      .where({ key: 'pricing' })
      .update({ value: JSON.stringify({ ...SEED_PRICING, launchDiscountPercent: 20 }) });
    const [first] = await db.knex('showcase_tracks').orderBy('displayOrder').limit(1).select('id');
    await db.knex('showcase_tracks').where({ id: first.id }).delete();

    await seed(db.knex, { adminEmail: 'owner@studio.co.za', storage, demo: true });
    expect((await db.knex('settings').where({ key: 'pricing' }).first()).value.launchDiscountPercent).toBe(20);
    expect(await db.knex('showcase_tracks').count({ n: '*' })).toEqual([{ n: '3' }]);
  });
  it('leaves the admin account as staff keep it: a demoted or deactivated admin stays so on the next start', async () => {
    const admin = await db.knex('users').where({ email: 'owner@studio.co.za' }).first();
    await db
      .knex('users')
      .where({ id: admin.id })
      .update({ role: 'engineer', isActive: false, firstName: 'Thandi', lastName: null });

    const again = await seed(db.knex, { adminEmail: 'Owner@Studio.co.za', storage, demo: true });
    expect(again.adminUserId).toBe(admin.id);
    expect(await db.knex('users').where({ id: admin.id }).first()).toMatchObject({
      role: 'engineer',
      isActive: false,
      firstName: 'Thandi',
      lastName: null,
    });
    expect(await db.knex('users').count({ n: '*' })).toEqual([{ n: '1' }]);
  });
});

describe('models', () => {
  it('load an order with its files and payments', async () => {
    const created = await Order.query().insertGraph({
      customerEmail: 'band@example.co.za',
      unitPriceCents: 49_900,
      trackCount: 2,
      discountPercent: 35,
      subtotalCents: 99_800,
      discountCents: 34_900,
      totalCents: 64_900,
      files: [
        {
          originalName: 'Song One.wav',
          fileName: 'Song_One.wav',
          fileSize: 52_428_800,
          mimeType: 'audio/wav',
          originalFilePath: '/objects/uploads/1',
        },
        {
          originalName: 'Song Two.mp3',
          fileName: 'Song_Two.mp3',
          fileSize: 8_000_000,
          originalFilePath: '/objects/uploads/2',
          masteringStyle: 'Vintage',
          volumeMatch: true,
        },
      ],
      payments: [{ checkoutId: 'ch_test_1', amountCents: 64_900 }],
    } as never);

    const order = await Order.query().findById(created.id).withGraphFetched('[files(newestFirst), payments]');
    expect(order).toMatchObject({ status: 'pending_payment', currency: 'ZAR', totalCents: 64_900 });
    expect(order!.files!.map((f) => f.fileSize).sort((a, b) => a - b)).toEqual([8_000_000, 52_428_800]);
    expect(order!.files!.find((f) => f.fileName === 'Song_Two.mp3')).toMatchObject({
      masteringStyle: 'Vintage',
      tone: 'BALANCED',
      loudness: 'LOW',
      volumeMatch: true,
      processingStatus: 'uploaded',
    });
    expect(order!.payments).toHaveLength(1);
    expect(order!.payments![0]).toMatchObject({
      provider: 'yoco',
      status: 'pending',
      paymentMethod: 'card',
      currency: 'ZAR',
    });

    const found = await Order.query()
      .modify('forCustomer', 'BAND@example.co.za')
      .modify('withStatus', 'pending_payment');
    expect(found.map((o) => o.id)).toEqual([created.id]);
  });
});

async function readStart(stream: NodeJS.ReadableStream, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).subarray(0, bytes);
}
