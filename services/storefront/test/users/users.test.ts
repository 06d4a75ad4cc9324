import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  CANNOT_DEMOTE_SELF,
  FIRST_NAME_REQUIRED,
  INVALID_EMAIL,
  LAST_NAME_REQUIRED,
  User,
  USER_EMAIL_TAKEN,
  UserList,
  type Role,
} from '@mastering/contracts';
import { identityHeaders } from '@mastering/service-kit/testing';
import { ago, seedOrder } from '../../../ops/test/support';
import { SECRET, storefrontPerFile } from '../support';

// The Users screen's accounts (issue 52: the storefront, which signs people in, is the one writer of users).
const ctx = storefrontPerFile();
const SELF = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const as = (role: Role) => identityHeaders(SECRET, role, { userId: SELF, email: 'me@users.example' });
const call = async (method: string, path: string, body?: unknown, role: Role | null = 'admin') =>
  fetch(`${ctx.site.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(role ? await as(role) : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const errorOf = async (res: Response) => (await res.json()).error;

beforeAll(async () => {
  await ctx.db
    .knex('users')
    .insert({ id: SELF, email: 'me@users.example', firstName: 'Ayanda', lastName: 'Admin', role: 'admin' });
});

describe('/api/users', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/users', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/users', undefined, 'engineer')).status).toBe(403);
    expect(
      (await call('POST', '/api/users', { email: 'x@users.example', firstName: 'X', lastName: 'Y' }, 'engineer'))
        .status,
    ).toBe(403);
    expect((await call('DELETE', `/api/users/${SELF}`, undefined, 'customer')).status).toBe(403);
  });

  it('creates a user (an active customer by default), lists and reads it', async () => {
    const res = await call('POST', '/api/users', {
      email: ' Naledi@Users.example ',
      firstName: 'Naledi',
      lastName: 'Mokoena',
    });
    expect(res.status).toBe(201);
    const created = User.parse(await res.json());
    expect(created).toMatchObject({
      email: 'Naledi@Users.example',
      firstName: 'Naledi',
      lastName: 'Mokoena',
      role: 'customer',
      isActive: 'true',
    });
    const list = UserList.parse(await (await call('GET', '/api/users')).json());
    expect(list.map((u) => u.email)).toEqual(['Naledi@Users.example', 'me@users.example']);
    expect(User.parse(await (await call('GET', `/api/users/${created.id}`)).json())).toEqual(created);
    expect((await call('GET', '/api/users/2b7c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f')).status).toBe(404);
  });

  it("refuses bad input with the spec's messages and a taken address with 409, creating nothing", async () => {
    const count = async () => (await ctx.db.knex('users').count({ n: '*' }))[0].n;
    const before = await count();
    const cases: [unknown, string][] = [
      [{ email: 'nope', firstName: 'A', lastName: 'B' }, INVALID_EMAIL],
      [{ email: 'a@users.example', firstName: ' ', lastName: 'B' }, FIRST_NAME_REQUIRED],
      [{ email: 'a@users.example', firstName: 'A', lastName: '' }, LAST_NAME_REQUIRED],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/users', body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    expect(
      (await call('POST', '/api/users', { email: 'a@users.example', firstName: 'A', lastName: 'B', role: 'owner' }))
        .status,
    ).toBe(400);
    const taken = await call('POST', '/api/users', { email: 'NALEDI@users.example', firstName: 'N', lastName: 'M' });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe(USER_EMAIL_TAKEN);
    expect(await count()).toBe(before);
  });

  it("edits only the fields sent; deactivating ends that user's sessions at once", async () => {
    const [{ id }] = await ctx.db
      .knex('users')
      .insert({ email: 'eng@users.example', firstName: 'Eng', lastName: 'One', role: 'engineer' })
      .returning('id');
    await ctx.db.knex('sessions').insert([
      { tokenHash: 'h1', userId: id, expiresAt: ago(-1) },
      { tokenHash: 'h2', userId: id, expiresAt: ago(-1) },
      { tokenHash: 'h3', userId: SELF, expiresAt: ago(-1) },
    ]);
    const renamed = await call('PUT', `/api/users/${id}`, { firstName: 'Enga' });
    expect(User.parse(await renamed.json())).toMatchObject({
      firstName: 'Enga',
      lastName: 'One',
      role: 'engineer',
      isActive: 'true',
    });
    expect(await ctx.db.knex('sessions').where('userId', id)).toHaveLength(2);

    const off = await call('PUT', `/api/users/${id}`, { isActive: 'false', role: 'customer' });
    expect(User.parse(await off.json())).toMatchObject({ isActive: 'false', role: 'customer' });
    expect(await ctx.db.knex('sessions').where('userId', id)).toHaveLength(0);
    expect(await ctx.db.knex('sessions').where('userId', SELF)).toHaveLength(1);

    const bad = await call('PUT', `/api/users/${id}`, { email: 'bad' });
    expect(await errorOf(bad)).toBe(INVALID_EMAIL);
    expect((await call('PUT', `/api/users/${id}`, { email: 'me@users.example' })).status).toBe(409);
    expect((await call('PUT', '/api/users/2b7c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', { firstName: 'X' })).status).toBe(404);
  });

  it('will not let you demote, deactivate or delete yourself', async () => {
    for (const [body, message] of [
      [{ role: 'engineer' }, CANNOT_DEMOTE_SELF],
      [{ isActive: 'false' }, CANNOT_DEACTIVATE_SELF],
    ] as const) {
      const res = await call('PUT', `/api/users/${SELF}`, body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    const res = await call('DELETE', `/api/users/${SELF}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(CANNOT_DELETE_SELF);
    expect(await ctx.db.knex('users').where('id', SELF).first()).toMatchObject({ role: 'admin', isActive: true });
    // Editing your own name is fine.
    expect((await call('PUT', `/api/users/${SELF}`, { lastName: 'Boss', role: 'admin' })).status).toBe(200);
  });

  it('deletes another user (their orders stay, detached)', async () => {
    const [{ id }] = await ctx.db
      .knex('users')
      .insert({ email: 'leaving@users.example', role: 'customer' })
      .returning('id');
    const orderId = await seedOrder(ctx.db.knex, {
      email: 'leaving@users.example',
      userId: id,
      status: 'delivered',
      totalCents: 32_400,
      at: ago(2),
    });
    expect((await call('DELETE', `/api/users/${id}`)).status).toBe(200);
    expect(await ctx.db.knex('users').where('id', id).first()).toBeUndefined();
    expect(await ctx.db.knex('orders').where('id', orderId).first()).toMatchObject({ userId: null });
    expect((await call('DELETE', `/api/users/${id}`)).status).toBe(404);
  });
});
