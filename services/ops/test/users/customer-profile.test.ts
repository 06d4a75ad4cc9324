import { describe, expect, it } from 'vitest';
import { AudioFileList, CustomerOrders, type Role } from '@mastering/contracts';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
const SELF = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const as = (role: Role) => identityAs(role, SELF, 'me@users.example');
const call = async (method: string, path: string, body?: unknown, role: Role | null = 'admin') =>
  fetch(`${ctx.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(role ? await as(role) : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the customer profile reads', () => {
  it("list a user's orders (signed in or as a guest with their address) and the files of those orders, admins only", async () => {
    const [{ id }] = await ctx.db
      .knex('users')
      .insert({ email: 'kea@users.example', role: 'customer' })
      .returning('id');
    const signedIn = await seedOrder(ctx.db.knex, {
      email: 'kea@users.example',
      userId: id,
      status: 'delivered',
      totalCents: 64_900,
      at: ago(5),
      genres: ['Rock', 'Pop'],
    });
    const asGuest = await seedOrder(ctx.db.knex, {
      email: 'KEA@users.example',
      status: 'pending_payment',
      totalCents: 32_400,
      at: ago(1),
    });
    await seedOrder(ctx.db.knex, {
      email: 'someone-else@users.example',
      status: 'delivered',
      totalCents: 32_400,
      at: ago(1),
    });

    const orders = CustomerOrders.parse(await (await call('GET', `/api/orders/customer/${id}`)).json());
    expect(orders.map((o) => [o.id, o.total, o.files.length])).toEqual([
      [asGuest, 324, 1],
      [signedIn, 649, 2],
    ]);
    const files = AudioFileList.parse(await (await call('GET', `/api/audio-files/customer/${id}`)).json());
    expect(files.map((f) => [f.orderId, f.originalName, f.fileSize])).toEqual([
      [asGuest, 'track-1.wav', 1_048_576],
      [signedIn, 'track-1.wav', 1_048_576],
      [signedIn, 'track-2.wav', 2_097_152],
    ]);

    const unknown = '2b7c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
    expect((await call('GET', `/api/orders/customer/${unknown}`)).status).toBe(404);
    expect((await call('GET', `/api/audio-files/customer/${unknown}`)).status).toBe(404);
    expect((await call('GET', '/api/orders/customer/u1')).status).toBe(400);
    expect((await call('GET', `/api/orders/customer/${id}`, undefined, 'engineer')).status).toBe(403);
    expect((await call('GET', `/api/audio-files/customer/${id}`, undefined, null)).status).toBe(401);
  });
});
