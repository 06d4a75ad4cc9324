// Keeps promise "deletion-within-30-days" (packages/contracts/src/promises.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { DeletionRequestList, DeletionRequestRow } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';
import { ERASED_EMAIL } from '../../src/customers/erasure';

// Staff complete deletion requests (issue 26 Deliver 5): admins only, once, the audio goes.
const ctx = opsPerFile();
let admin: Person, engineer: Person;
beforeAll(async () => {
  ({ admin, engineer } = await cast(ctx.db.knex, 'deletion.test'));
});

const call = (method: string, path: string, who: Person) => fetch(`${ctx.base}${path}`, { method, headers: json(who) });

describe('deletion requests', () => {
  it('lists the waiting requests and completes one: files purged, order anonymised, done once', async () => {
    const order = await seedOrder(ctx.db.knex, ctx.storage, { email: 'zola@example.com', status: 'delivered' });
    const [request] = await ctx.db.knex('deletionRequests').insert({ email: 'Zola@example.com' }).returning('*');

    const list = DeletionRequestList.parse(await (await call('GET', '/api/admin/deletion-requests', admin)).json());
    expect(list.map((r) => r.id)).toEqual([request.id]);

    expect((await call('POST', `/api/admin/deletion-requests/${request.id}/complete`, engineer)).status).toBe(403);
    const done = await call('POST', `/api/admin/deletion-requests/${request.id}/complete`, admin);
    expect(done.status).toBe(200);
    expect(DeletionRequestRow.parse(await done.json())).toMatchObject({ email: ERASED_EMAIL });

    expect(await ctx.storage.exists(`uploads/${order.files[0]!.uploadId}`)).toBe(false);
    expect(await ctx.db.knex('orders').where('id', order.id).first()).toMatchObject({ customerEmail: ERASED_EMAIL });
    expect((await call('POST', `/api/admin/deletion-requests/${request.id}/complete`, admin)).status).toBe(404);
    expect(await (await call('GET', '/api/admin/deletion-requests', admin)).json()).toEqual([]);
  });
});
