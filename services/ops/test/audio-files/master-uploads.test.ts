import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_UPLOAD_INCOMPLETE, MASTER_UPLOAD_UNKNOWN, type Identity } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, createService } from '@mastering/service-kit';
import { serveOverHttp, type Served } from '@mastering/service-kit/testing';
import { masterUploadRoutes } from '../../../storefront/src/uploads/master';
import { type MasterUploads, masterUploadsOverHttp } from '../../src/audio-files/master-uploads';
import { ownerCalls } from '../../src/owner-calls';
import { SECRET, seedOrder, ago } from '../support';

// Issue 52: the storefront alone writes uploads. Ops opens and attaches an engineer's master through
// the storefront's internal routes, signed with the engineer's identity; the storefront's refusals
// reach ops' caller as the same errors.
let db: TestDatabase;
let storefront: Served;
let uploads: MasterUploads;
const engineer: Identity = {
  userId: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'engineer@example.com',
  role: 'engineer',
  sessionId: 's1',
};

beforeAll(async () => {
  db = await createTestDatabase();
  await db.knex('users').insert({ id: engineer.userId, email: engineer.email, role: 'engineer' });
  const app = createService({
    name: 'storefront',
    knex: db.knex,
    identitySecret: SECRET,
    logger: createLogger('storefront', 'silent'),
    routes: [],
    internal: masterUploadRoutes(db.knex),
  });
  storefront = await serveOverHttp(app);
  uploads = masterUploadsOverHttp(ownerCalls('storefront', { url: storefront.base, keys: SECRET }));
});
afterAll(async () => {
  await storefront?.close();
  await db?.destroy();
});

describe('master uploads through the storefront', () => {
  it('opens an upload owned by the engineer, refuses it until complete, then attaches it', async () => {
    const orderId = await seedOrder(db.knex, {
      email: 'zola@example.com',
      status: 'in_progress',
      totalCents: 1,
      at: ago(1),
    });
    const file = await db.knex('orderFiles').where({ orderId }).first();
    const { uploadURL } = await uploads.open(engineer, {
      filename: 'master.wav',
      contentType: 'audio/wav',
      ttlHours: 2,
    });
    const id = uploadURL.split('/').at(-1)!;
    expect(await db.knex('uploads').where({ id }).first()).toMatchObject({
      userId: engineer.userId,
      originalName: 'master.wav',
    });

    await expect(uploads.attach(engineer, id, file.id)).rejects.toMatchObject({
      status: 409,
      message: MASTER_UPLOAD_INCOMPLETE,
    });
    await db.knex('uploads').where({ id }).update({ status: 'completed', completedAt: new Date() });
    const someoneElse = { ...engineer, userId: '9c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' };
    await expect(uploads.attach(someoneElse, id, file.id)).rejects.toMatchObject({
      status: 400,
      message: MASTER_UPLOAD_UNKNOWN,
    });

    expect(await uploads.attach(engineer, id, file.id)).toEqual({ objectKey: `uploads/${id}` });
    expect(await uploads.attach(engineer, id, file.id)).toEqual({ objectKey: `uploads/${id}` });
    expect(await db.knex('uploads').where({ id }).first()).toMatchObject({ masteredFileId: file.id });
  });

  // The owner's refusal reaches ops' caller as the same error (an engineer refused an order another
  // holds is a 403 too, see owner-calls.ts).
  it('is not open to customers', async () => {
    const customer = { ...engineer, role: 'customer' as const };
    await expect(
      uploads.open(customer, { filename: 'x.wav', contentType: 'audio/wav', ttlHours: 1 }),
    ).rejects.toMatchObject({ status: 403 });
  });
});
