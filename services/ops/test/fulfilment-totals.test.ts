import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdminAudioFilePage,
  AdminOrderPage,
  AudioFileResponse,
  DashboardStats,
  FILE_STATUSES,
  MASTERING_STYLES,
  ORDER_STATUSES,
  UploadUrlResponse,
} from '@mastering/contracts';
import { PAID_STATUSES } from '../src/paid';
import { uuidPrefixRange } from '../src/orders/search';
import { opsPerFile } from './support';
import { completeUploadAt, json, person, seedOrder, type Person } from './fulfilment-support';

// The totals of migration 015 (order_status_totals, order_file_totals) are kept by triggers; after
// every scripted change, through the service and straight in SQL, they must equal a from-scratch
// recomputation, and so must what the screens show from them.

const ctx = opsPerFile();
let admin: Person;
beforeAll(async () => {
  admin = await person(ctx.db.knex, 'admin', 'boss@totals.test');
});

const get = async (path: string) => (await fetch(`${ctx.base}${path}`, { headers: json(admin) })).json();
const send = async (method: string, path: string, body: unknown) => {
  const res = await fetch(`${ctx.base}${path}`, { method, headers: json(admin), body: JSON.stringify(body) });
  expect(res.status, `${method} ${path}`).toBe(200);
  return res.json();
};

/** The kept totals next to the same figures counted from the rows (non-zero keys only, in key order). */
async function keptAndCounted() {
  const { knex } = ctx.db;
  const rows = async (sql: string) =>
    (await knex.raw(sql)).rows.map((r: Record<string, unknown>) => Object.values(r).map(String));
  return {
    kept: {
      orders: await rows(
        'select status, orders, total_cents from order_status_totals where orders <> 0 or total_cents <> 0 order by 1',
      ),
      files: await rows(
        'select processing_status, mastering_style, files, bytes from order_file_totals where files <> 0 or bytes <> 0 order by 1, 2',
      ),
    },
    counted: {
      orders: await rows('select status, count(*), sum(total_cents) from orders group by 1 order by 1'),
      files: await rows(
        'select processing_status, mastering_style, count(*), sum(file_size) from order_files group by 1, 2 order by 1, 2',
      ),
    },
  };
}

/** Asserts the totals equal a recomputation, and that the screens' figures are the recomputed ones. */
async function expectExact() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  const { knex } = ctx.db;
  const [o] = (
    await knex.raw(
      `select count(*)::int as total, count(*) filter (where status = 'pending_payment')::int as pending,
              coalesce(sum(total_cents) filter (where status = any(?)), 0)::bigint as revenue,
              count(distinct lower(customer_email)) filter (where status = any(?))::int as active
         from orders`,
      [PAID_STATUSES, PAID_STATUSES],
    )
  ).rows;
  const dashboard = DashboardStats.parse(await get('/api/admin/dashboard-stats'));
  expect(dashboard).toMatchObject({
    totalOrders: o.total,
    pendingOrders: o.pending,
    totalRevenue: Number(o.revenue) / 100,
    activeCustomers: o.active,
  });

  const orders = AdminOrderPage.parse(await get('/api/admin/orders?page=1&pageSize=1'));
  expect(orders.total).toBe(o.total);
  expect(orders.counts.total).toBe(o.total);
  for (const status of ORDER_STATUSES) {
    const n = Number((await knex('orders').where({ status }).count({ n: '*' }))[0]!.n);
    expect([status, orders.counts.byStatus[status]]).toEqual([status, n]);
    expect([
      status,
      AdminOrderPage.parse(await get(`/api/admin/orders?status=${status}&page=1&pageSize=1`)).total,
    ]).toEqual([status, n]);
  }

  const [f] = (
    await knex.raw(
      `select count(*)::int as total, coalesce(sum(file_size), 0)::bigint as bytes,
              ${FILE_STATUSES.map((s) => `count(*) filter (where processing_status = '${s}')::int as "${s}"`).join(', ')}
         from order_files`,
    )
  ).rows;
  const files = AdminAudioFilePage.parse(await get('/api/admin/audio-files?page=1&pageSize=1'));
  expect(files.counts).toEqual({
    total: f.total,
    uploaded: f.uploaded,
    processing: f.processing,
    completed: f.completed,
    error: f.error,
    totalBytes: Number(f.bytes),
  });
  expect(files.total).toBe(f.total);
  for (const status of ['all', ...FILE_STATUSES]) {
    for (const style of ['all', ...MASTERING_STYLES]) {
      const counted = knex('order_files');
      if (status !== 'all') counted.where('processingStatus', status);
      if (style !== 'all') counted.where('masteringStyle', style);
      const n = Number((await counted.count({ n: '*' }))[0]!.n);
      const page = AdminAudioFilePage.parse(
        await get(`/api/admin/audio-files?status=${status}&style=${style}&page=1&pageSize=1`),
      );
      expect([status, style, page.total]).toEqual([status, style, n]);
    }
  }
}

/** `count` orders of `tracks` files each, inserted by one statement per table (as a bulk import would). */
async function bulkInsert(knex: typeof ctx.db.knex, email: string, count: number, status: string, tracks = 2) {
  const ids: { id: string }[] = await knex('orders')
    .insert(
      Array.from({ length: count }, (_, i) => ({
        customerEmail: `${email}${i % 3}@bulk.test`,
        status,
        unitPriceCents: 1000 + i,
        trackCount: tracks,
        subtotalCents: (1000 + i) * tracks,
        totalCents: (1000 + i) * tracks,
      })),
    )
    .returning('id');
  await knex('order_files').insert(
    ids.flatMap(({ id }, i) =>
      Array.from({ length: tracks }, (_, k) => ({
        orderId: id,
        originalName: `Bulk ${i}-${k}.wav`,
        fileName: 'bulk.wav',
        fileSize: 5000 + i * 10 + k,
        originalFilePath: `/objects/bulk-${id}-${k}`,
        masteringStyle: MASTERING_STYLES[(i + k) % MASTERING_STYLES.length],
      })),
    ),
  );
  return ids.map((r) => r.id);
}

describe('totals kept by the triggers of migration 015', () => {
  it('equal a recomputation after changes through the service and straight in SQL', async () => {
    const { knex } = ctx.db;
    await expectExact();

    // Through the service: status changes, processing changes, a master upload that masters the order.
    const a = await seedOrder(knex, ctx.storage, {
      email: 'Thandi@Totals.test',
      status: 'pending_payment',
      names: ['One.wav', 'Two.wav'],
      totalCents: 64_870,
    });
    const b = await seedOrder(knex, ctx.storage, {
      email: 'sipho@totals.test',
      status: 'payment_confirmed',
      names: ['Solo.wav'],
    });
    await expectExact();
    await send('PATCH', `/api/admin/orders/${a.id}/status`, { status: 'payment_confirmed' });
    await send('PATCH', `/api/admin/orders/${a.id}/status`, { status: 'in_progress' });
    await send('PATCH', `/api/admin/orders/${b.id}/status`, { status: 'cancelled' });
    await send('PATCH', `/api/admin/audio-files/${a.files[0]!.id}/processing`, { processingStatus: 'processing' });
    await send('PATCH', `/api/admin/audio-files/${a.files[1]!.id}/processing`, {
      processingStatus: 'error',
      processingNotes: 'clipped',
    });
    await expectExact();
    for (const file of a.files) {
      const { uploadURL } = UploadUrlResponse.parse(
        await send('POST', `/api/admin/audio-files/${file.id}/upload-url`, {
          filename: 'master.wav',
          contentType: 'audio/wav',
        }),
      );
      const { objectPath } = await completeUploadAt(knex, ctx.storage, uploadURL, Buffer.from(`master of ${file.id}`));
      AudioFileResponse.parse(
        await send('POST', `/api/admin/audio-files/${file.id}/confirm-upload`, { uploadedFilePath: objectPath }),
      );
    }
    expect((await knex('orders').where({ id: a.id }).first()).status).toBe('mastered');
    await expectExact();

    // Straight in SQL: bulk inserts, bulk updates of keys and measured values, no-op and unrelated updates, deletes.
    const bulk = await bulkInsert(knex, 'lerato', 12, 'pending_payment', 3);
    await expectExact();
    await knex('orders').whereIn('id', bulk.slice(0, 5)).update({ status: 'payment_confirmed', paidAt: new Date() });
    await knex('orders')
      .whereIn('id', bulk.slice(5, 8))
      .update({ totalCents: knex.raw('total_cents + 7'), subtotalCents: knex.raw('subtotal_cents + 7') });
    await knex('orders').whereIn('id', bulk).update({ notes: 'touched' });
    await knex('orders')
      .whereIn('id', bulk.slice(8, 10))
      .update({ status: knex.raw('status') });
    await knex.raw(
      `update orders set status = case when status = 'payment_confirmed' then 'in_progress' else 'cancelled' end where id = any(?)`,
      [bulk.slice(3, 7)],
    );
    await knex('order_files')
      .whereIn('orderId', bulk.slice(0, 4))
      .update({ processingStatus: 'completed', masteringStyle: 'Vintage' });
    await knex('order_files')
      .whereIn('orderId', bulk.slice(4, 6))
      .update({ fileSize: knex.raw('file_size * 2') });
    await knex('order_files')
      .whereIn('orderId', bulk.slice(6, 7))
      .update({ processingNotes: 'nothing counted changes' });
    await expectExact();
    await knex('order_files')
      .whereIn('id', knex('order_files').select('id').where('orderId', bulk[9]).limit(1))
      .delete();
    await knex('order_files')
      .whereIn('id', knex('order_files').select('id').where('orderId', bulk[10]).limit(1))
      .delete();
    // Deleting an order deletes its files (cascade): both totals move.
    await knex('orders').whereIn('id', bulk.slice(10)).delete();
    await expectExact();
  });

  it('stay exact under concurrent writers', async () => {
    const { knex } = ctx.db;
    const writers = Array.from({ length: 6 }, (_, w) =>
      knex.transaction(async (trx) => {
        const ids = await bulkInsert(trx, `writer${w}-`, 4, w % 2 ? 'pending_payment' : 'payment_confirmed');
        await trx('orders').whereIn('id', ids.slice(0, 2)).update({ status: 'cancelled' });
        await trx('order_files').whereIn('orderId', ids.slice(1, 3)).update({ processingStatus: 'processing' });
        await trx('orders').where('id', ids[3]).delete();
      }),
    );
    // Others change the same keys at the same time, some of them rolled back.
    const rolledBack = knex
      .transaction(async (trx) => {
        await bulkInsert(trx, 'undone-', 3, 'delivered');
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    await Promise.all([...writers, rolledBack]);
    expect(await rolledBack).toBe('rolled back');
    await expectExact();
  });

  it('empty with a truncate', async () => {
    await ctx.db.knex.raw('truncate orders, order_files cascade');
    await expectExact();
    expect((await ctx.db.knex('order_status_totals').where('orders', '<>', 0)).length).toBe(0);
    await bulkInsert(ctx.db.knex, 'after-', 2, 'delivered');
    await expectExact();
  });
});

describe('the searches', () => {
  it('is the range of ids whose text starts with the prefix, and nothing when no id can', () => {
    expect(uuidPrefixRange('5A')).toEqual([
      '5a000000-0000-0000-0000-000000000000',
      '5affffff-ffff-ffff-ffff-ffffffffffff',
    ]);
    expect(uuidPrefixRange('0123abcd-')).toEqual([
      '0123abcd-0000-0000-0000-000000000000',
      '0123abcd-ffff-ffff-ffff-ffffffffffff',
    ]);
    expect(uuidPrefixRange('0123abcd-45')).toEqual([
      '0123abcd-4500-0000-0000-000000000000',
      '0123abcd-45ff-ffff-ffff-ffffffffffff',
    ]);
    const whole = '0123abcd-4567-89ab-cdef-0123456789ab';
    expect(uuidPrefixRange(whole)).toEqual([whole, whole]);
    for (const never of ['5a-', '0123abcd4', 'xyz', `${whole}0`, '0123abcd-4567-89ab-cdef-0123456789a-'])
      expect([never, uuidPrefixRange(never)]).toEqual([never, null]);
  });

  it('finds the same orders and files as matching the id text', async () => {
    const { knex } = ctx.db;
    const order = await seedOrder(knex, ctx.storage, { email: 'prefix@totals.test', names: ['Prefix.wav'] });
    await bulkInsert(knex, 'other-', 30, 'delivered', 1);
    for (const length of [1, 2, 8, 9, 11, 36]) {
      const q = order.id.slice(0, length);
      const byText = (
        await knex('orders')
          .whereRaw('id::text like ?', [`${q}%`])
          .orWhereRaw('lower(customer_email) like ?', [`%${q}%`])
          .orderBy([
            { column: 'createdAt', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .select('id')
      ).map((r) => r.id);
      const page = AdminOrderPage.parse(await get(`/api/admin/orders?q=${q.toUpperCase()}&page=1&pageSize=100`));
      expect([q, page.items.map((o) => o.id), page.total]).toEqual([q, byText, byText.length]);
      const files = AdminAudioFilePage.parse(await get(`/api/admin/audio-files?q=${q}&page=1&pageSize=100`));
      const fileIds = (
        await knex('order_files')
          .whereIn('orderId', byText)
          .orWhereRaw('lower(original_name) like ?', [`%${q}%`])
          .select('id')
      ).map((r) => r.id);
      expect([q, files.items.map((f) => f.id).sort(), files.total]).toEqual([q, fileIds.sort(), fileIds.length]);
    }
  });

  it('match a short text in emails, file names and ids exactly as a LIKE on the text does, wildcards literally', async () => {
    const { knex } = ctx.db;
    await seedOrder(knex, ctx.storage, { email: 'a%b_c@Two.test', names: ['50% Mix_1.wav', 'Ab.wav'] });
    await bulkInsert(knex, 'two-', 6, 'in_progress', 2);
    const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    for (const q of ['tw', 'O-', '%b', '_c', '_1', 'ab', 'zz', 'b.']) {
      const lower = q.toLowerCase();
      // An order id matches by its start too (random uuids: 'ab' starts one now and then).
      const orders = (
        await knex('orders')
          .whereRaw('lower(customer_email) like ?', [likeOf(lower)])
          .orWhereRaw('id::text like ?', [`${likeOf(lower).slice(1)}`])
          .select('id')
      )
        .map((r) => r.id)
        .sort();
      const page = AdminOrderPage.parse(await get(`/api/admin/orders?q=${encodeURIComponent(q)}&page=1&pageSize=100`));
      expect([q, page.items.map((o) => o.id).sort(), page.total]).toEqual([q, orders, orders.length]);
      const files = (
        await knex('order_files')
          .whereIn('orderId', orders)
          .orWhereRaw('lower(original_name) like ?', [likeOf(lower)])
          .select('id')
      )
        .map((r) => r.id)
        .sort();
      const filePage = AdminAudioFilePage.parse(
        await get(`/api/admin/audio-files?q=${encodeURIComponent(q)}&page=1&pageSize=100`),
      );
      expect([q, filePage.items.map((f) => f.id).sort(), filePage.total]).toEqual([q, files, files.length]);
    }
  });
});
