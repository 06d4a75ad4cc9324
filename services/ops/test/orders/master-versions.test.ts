import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderDetail, AudioFileResponse } from '@mastering/contracts';
import { opsPerFile } from '../support';
import { cast, json, seedOrder, type Person } from '../fulfilment-support';

// Issue 25: the admin order dialog shows each master version with its own loudness (migration 027), or
// whether it is still being measured; and a track the customer replaced says so.

const ctx = opsPerFile();
let engineer: Person;
beforeAll(async () => {
  ({ engineer } = await cast(ctx.db.knex, 'master-versions.test'));
});

const detailOf = async (id: string) =>
  AdminOrderDetail.parse(await (await fetch(`${ctx.base}/api/admin/orders/${id}`, { headers: json(engineer) })).json());
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

/** A delivered order whose one track has master versions v1..vN made at `made` (minutes ago). */
async function withVersions(email: string, made: number[]) {
  const order = await seedOrder(ctx.db.knex, ctx.storage, { email, status: 'delivered' });
  const fileId = order.files[0]!.id as string;
  const ids: string[] = [];
  for (const [i, minutesAgo] of made.entries()) {
    const [{ id }] = await ctx.db
      .knex('masterVersions')
      .insert({
        fileId,
        version: i + 1,
        masteredFilePath: `/objects/00000000-0000-4000-8000-00000000000${i + 1}`,
        createdAt: at(minutesAgo),
      })
      .returning('id');
    ids.push(id);
  }
  return { id: order.id as string, fileId, versions: ids };
}

describe('master versions in the order dialog', () => {
  it('lists every version with its own LUFS and true peak, v1 first', async () => {
    const order = await withVersions('measured@versions.test', [60, 30]);
    await ctx.db
      .knex('masterVersions')
      .where('id', order.versions[0])
      .update({ integratedLufs: -9.4, truePeakDbtp: -0.6 });
    await ctx.db
      .knex('masterVersions')
      .where('id', order.versions[1])
      .update({ integratedLufs: -11.2, truePeakDbtp: -1.3 });
    expect((await detailOf(order.id)).masters).toMatchObject([
      { fileId: order.fileId, version: 1, integratedLufs: -9.4, truePeakDbtp: -0.6, measurement: 'measured' },
      { fileId: order.fileId, version: 2, integratedLufs: -11.2, truePeakDbtp: -1.3, measurement: 'measured' },
    ]);
  });

  it('says the newest version is being measured until an analysis newer than it exists, then not measured', async () => {
    const order = await withVersions('pending@versions.test', [60, 30]);
    // v1's analysis (older than v2) is all the file has: v2 is still being measured, v1 never will be.
    await ctx.db.knex('fileAnalyses').insert({
      fileId: order.fileId,
      role: 'master',
      analyserVersion: 't',
      status: 'ok',
      waveform: JSON.stringify([]),
      analysedAt: at(45),
    });
    expect((await detailOf(order.id)).masters.map((m) => [m.version, m.measurement])).toEqual([
      [1, 'not_measured'],
      [2, 'measuring'],
    ]);
    // v2's analysis failed: nothing more is coming.
    await ctx.db
      .knex('fileAnalyses')
      .where({ fileId: order.fileId, role: 'master' })
      .update({ status: 'error', errorReason: 'The file is silent.', analysedAt: at(10) });
    expect((await detailOf(order.id)).masters.map((m) => [m.version, m.measurement])).toEqual([
      [1, 'not_measured'],
      [2, 'not_measured'],
    ]);
  });

  it('shows staff when the customer replaced a file', async () => {
    const order = await withVersions('replaced@versions.test', []);
    expect((await detailOf(order.id)).order.files[0]!.replacedAt).toBeNull();
    const when = at(5);
    await ctx.db.knex('orderFiles').where('id', order.fileId).update({ replacedAt: when });
    expect((await detailOf(order.id)).order.files[0]!.replacedAt).toBe(when.toISOString());
    const { file } = AudioFileResponse.parse(
      await (await fetch(`${ctx.base}/api/admin/audio-files/${order.fileId}`, { headers: json(engineer) })).json(),
    );
    expect(file.replacedAt).toBe(when.toISOString());
  });
});
