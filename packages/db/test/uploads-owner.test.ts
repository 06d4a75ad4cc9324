import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

const upload = (owner: Record<string, unknown>) => ({
  objectKey: `uploads/${Math.random().toString(36).slice(2)}`,
  expiresAt: new Date(Date.now() + 3_600_000),
  ...owner,
});

describe('uploads and their owners', () => {
  it('deletes a user who once uploaded while signed in; the upload stays, without its owner', async () => {
    const [{ id: userId }] = await db.knex('users').insert({ email: 'uploader@example.co.za' }).returning('id');
    const [{ id: uploadId }] = await db.knex('uploads').insert(upload({ userId })).returning('id');
    await db.knex('users').where({ id: userId }).delete();
    expect(await db.knex('users').where({ id: userId }).first()).toBeUndefined();
    expect(await db.knex('uploads').where({ id: uploadId }).first()).toMatchObject({
      userId: null,
      guestKeyHash: null,
    });
  });

  it('still refuses to create an upload with no owner at all', async () => {
    await expect(db.knex('uploads').insert(upload({}))).rejects.toMatchObject({
      code: '23514',
      constraint: 'uploads_owner_check',
    });
    await expect(db.knex('uploads').insert(upload({ guestKeyHash: 'h' }))).resolves.toBeDefined();
  });
});
