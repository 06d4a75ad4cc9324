import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminAudioFilePage, AdminOrderDetail } from '@mastering/contracts';
import { createDownloadLinks } from '@mastering/service-kit';
import { SECRET, opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';

const ctx = opsPerFile();
let admin: Person, engineer: Person;
beforeAll(async () => {
  ({ admin, engineer } = await cast(ctx.db.knex, 'revisions.test'));
});

const get = (path: string, who?: Person) => fetch(`${ctx.base}${path}`, { headers: json(who) });
const patch = (path: string, body: unknown, who?: Person) =>
  fetch(`${ctx.base}${path}`, { method: 'PATCH', headers: json(who), body: JSON.stringify(body) });

/** An order back from its customer with a pinned revision note on its one track. */
async function revisionOrder(email: string) {
  const order = await seedOrder(ctx.db.knex, ctx.storage, { email, status: 'revision_requested' });
  const fileId = order.files[0]!.id;
  await ctx.db.knex('revisionRequests').insert({
    orderId: order.id,
    fileId,
    round: 1,
    note: 'The kick is too loud',
    atSeconds: 83,
  });
  return { id: order.id as string, fileId };
}

describe('staff and revision requests', () => {
  it('shows the notes in the order dialog and the audio files, with a "Revision requested" filter', async () => {
    const order = await revisionOrder('back@revisions.test');
    await seedOrder(ctx.db.knex, ctx.storage, { email: 'other@revisions.test', status: 'in_progress' });

    const detail = AdminOrderDetail.parse(await (await get(`/api/admin/orders/${order.id}`, engineer)).json());
    expect(detail.revisions).toMatchObject([
      { round: 1, note: 'The kick is too loud', atSeconds: 83, fileId: order.fileId, fileName: 'Track One.wav' },
    ]);

    const res = await get('/api/admin/audio-files?orderStatus=revision_requested&page=1', engineer);
    expect(res.status).toBe(200);
    const page = AdminAudioFilePage.parse(await res.json());
    expect(page.total).toBe(1);
    expect(page.items.map((f) => [f.id, f.orderStatus, f.latestRevision?.note])).toEqual([
      [order.fileId, 'revision_requested', 'The kick is too loud'],
    ]);
  });

  it('lets an engineer take a revision up (back to In Progress), but not send an order back for the customer', async () => {
    const order = await revisionOrder('take@revisions.test');
    let res = await patch(`/api/admin/orders/${order.id}/status`, { status: 'in_progress' }, engineer);
    expect(res.status).toBe(200);
    const delivered = await seedOrder(ctx.db.knex, ctx.storage, { email: 'd@revisions.test', status: 'delivered' });
    res = await patch(`/api/admin/orders/${delivered.id}/status`, { status: 'revision_requested' }, engineer);
    expect(res.status).toBe(403);
    res = await patch(`/api/admin/orders/${delivered.id}/status`, { status: 'revision_requested' }, admin);
    expect(res.status).toBe(200);
  });

  it('serves an earlier master version by its signed link, under a versioned name', async () => {
    const order = await revisionOrder('versions@revisions.test');
    const uploadId = randomUUID();
    await ctx.storage.put(`uploads/${uploadId}`, Buffer.from('master v1 bytes'), { contentType: 'audio/wav' });
    const [version] = await ctx.db
      .knex('masterVersions')
      .insert({ fileId: order.fileId, version: 1, masteredFilePath: `/objects/${uploadId}` })
      .returning('id');
    const token = createDownloadLinks(SECRET).sign({ version: version.id }, new Date(Date.now() + 60_000));
    const res = await fetch(`${ctx.base}/api/downloads/file/${token}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('master v1 bytes');
    expect(res.headers.get('content-disposition')).toContain('v1.wav');
  });
});

describe('the Revisions settings block', () => {
  it("stores free revisions, the window and the round's promise in the delivery section, keeping its download days, and refuses bad values", async () => {
    const put = (body: unknown) =>
      fetch(`${ctx.base}/api/admin/settings`, { method: 'PUT', headers: json(admin), body: JSON.stringify(body) });
    const stored = await (await get('/api/admin/settings', admin)).json();
    expect(stored.revisions).toEqual({ freeRevisions: 2, revisionWindowDays: 14, revisionHours: 48 });
    await ctx.db.knex('settings').insert({ key: 'delivery', value: JSON.stringify({ downloadDays: 10 }) });
    const base = { general: stored.general, pricing: stored.pricing };
    let res = await put({ ...base, revisions: { freeRevisions: 3, revisionWindowDays: 30, revisionHours: 24 } });
    expect(res.status).toBe(200);
    expect((await res.json()).revisions).toEqual({ freeRevisions: 3, revisionWindowDays: 30, revisionHours: 24 });
    const row = await ctx.db.knex('settings').where('key', 'delivery').first();
    expect(row.value).toEqual({ downloadDays: 10, freeRevisions: 3, revisionWindowDays: 30, revisionHours: 24 });
    res = await put({ ...base, revisions: { freeRevisions: -1, revisionWindowDays: 30, revisionHours: 24 } });
    expect(res.status).toBe(400);
    expect((await ctx.db.knex('settings').where('key', 'delivery').first()).value.freeRevisions).toBe(3);
  });
});
