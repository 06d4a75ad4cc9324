import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, User } from '@mastering/db';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { hashToken } from '../src/tokens';
import { identityForSession } from '../src/sessions';

// Issue 51 Deliver 6: a deactivated user's sessions end at once, whichever way the account was switched off
// (the Users screen also deletes them; a session row left behind must still open nothing).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.destroy());

describe('identityForSession', () => {
  it('refuses a live session of a deactivated user, and answers it again once the user is active', async () => {
    const email = 'engineer.leaving@example.com';
    await User.ensure(db.knex, { email, firstName: 'Lerato', lastName: 'Leaving', role: 'engineer' });
    const user = await User.query(db.knex).findOne({ email });
    await Session.start(db.knex, {
      tokenHash: hashToken('session-token'),
      userId: user!.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await identityForSession(db.knex, 'session-token')).toMatchObject({ userId: user!.id, role: 'engineer' });
    await User.query(db.knex).patch({ isActive: false }).where('id', user!.id);
    expect(await identityForSession(db.knex, 'session-token')).toBeNull();
    await User.query(db.knex).patch({ isActive: true }).where('id', user!.id);
    expect(await identityForSession(db.knex, 'session-token')).toMatchObject({ userId: user!.id });
  });
});
