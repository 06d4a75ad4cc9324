// The setup the retention tests share: a database and a local storage of their own per file, emptied
// of orders, uploads and settings before each test, and stored upload objects to attach to order files.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { storefrontOwner, type StorefrontOwner } from '../support';

/** A retention test file's database and storage, and the job's deps over them. */
export type RetentionContext = {
  db: TestDatabase;
  storage: ObjectStorage;
  /** The storefront's internal routes, which write the orders and files (issue 52). */
  owner: StorefrontOwner;
  deps(): { knex: TestDatabase['knex']; storage: ObjectStorage; storefront: StorefrontOwner['writes'] };
};

/**
 * Registers the hooks of a retention test file: its own database and storage folder (named `name`),
 * and before each test no orders, uploads or settings but the Security `periods` when given.
 */
export function retentionPerFile(name: string, periods?: Record<string, number>): RetentionContext {
  let folder: { remove(): Promise<void> } | undefined;
  const ctx = {
    deps: () => ({ knex: ctx.db.knex, storage: ctx.storage, storefront: ctx.owner.writes }),
  } as RetentionContext;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.owner = await storefrontOwner(ctx.db.knex);
    const temp = await tempFolder(name);
    folder = temp;
    ctx.storage = createLocalStorage(temp.dir);
  });
  afterAll(async () => {
    await ctx.owner?.close();
    await ctx.db?.destroy();
    await folder?.remove();
  });
  beforeEach(async () => {
    await ctx.db.knex('orders').delete();
    await ctx.db.knex('uploads').delete();
    await ctx.db.knex('settings').delete();
    if (periods) await ctx.db.knex('settings').insert({ key: 'security', value: JSON.stringify(periods) });
  });
  return ctx;
}

/** One stored upload object attached to `fileId` as its source or a master; answers its `/objects/<id>` path. */
export async function storedUpload(ctx: RetentionContext, fileId: string, role: 'orderFileId' | 'masteredFileId') {
  const id = randomUUID();
  await ctx.storage.put(`uploads/${id}`, 'RIFF audio');
  await ctx.db.knex('uploads').insert({
    id,
    objectKey: `uploads/${id}`,
    status: 'completed',
    guestKeyHash: 'guest',
    [role]: fileId,
    expiresAt: new Date(),
  });
  return `/objects/${id}`;
}
