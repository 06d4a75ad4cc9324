import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { Release, ReleaseReference } from '@mastering/db';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { purgeExpiredAudio } from '../../src/retention/job';
import { ago, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// Issue 55: a release's reference tracks are deleted with the order's audio (retention), and only then.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let storage: ObjectStorage;
let folder: { remove(): Promise<void> };

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  const temp = await tempFolder('reference-retention-test');
  folder = temp;
  storage = createLocalStorage(temp.dir);
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
  await folder?.remove();
});

/** An EP order delivered `daysAgo` days ago with one stored reference track; answers the reference's id and key. */
async function releaseWithReference(email: string, daysAgo: number) {
  const orderId = await seedOrder(db.knex, {
    email,
    status: 'delivered',
    totalCents: 64_800,
    at: ago(200),
    genres: [null, null],
  });
  await db
    .knex('orderStatusHistory')
    .insert({ orderId, fromStatus: 'mastered', toStatus: 'delivered', createdAt: ago(daysAgo) });
  const release = await Release.query(db.knex).insert({ orderId, kind: 'ep', title: 'T', artist: 'A' });
  const upload = randomUUID();
  await storage.put(`uploads/${upload}`, 'RIFF reference');
  const reference = await ReleaseReference.query(db.knex).insert({
    releaseId: release.id,
    orderId,
    originalName: 'Ref.wav',
    filePath: `/objects/${upload}`,
    takes: [],
  } as never);
  return { id: reference.id, key: `uploads/${upload}` };
}

describe('reference tracks under retention', () => {
  it('deletes the reference of an order past its period and forgets its path; keeps a recent one; a rerun changes nothing', async () => {
    const old = await releaseWithReference('old@release.test', 91);
    const recent = await releaseWithReference('recent@release.test', 10);
    await purgeExpiredAudio({ knex: db.knex, storage, storefront: owner.writes });
    expect([await storage.exists(old.key), await storage.exists(recent.key)]).toEqual([false, true]);
    expect((await ReleaseReference.query(db.knex).findById(old.id))?.filePath).toBeNull();
    expect((await ReleaseReference.query(db.knex).findById(recent.id))?.filePath).not.toBeNull();
    const before = await db.knex('releaseReferences').select('*').orderBy('id');
    await purgeExpiredAudio({ knex: db.knex, storage, storefront: owner.writes });
    expect(await db.knex('releaseReferences').select('*').orderBy('id')).toEqual(before);
  });
});
