import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENRES, ORDER_STATUSES, TOP_GENRES, TREND_BUCKETS } from '@mastering/contracts';
import type { Knex } from 'knex';
import { analytics } from '../../src/analytics/service';
import { PAID_STATUSES } from '../../src/paid';
import { opsPerFile } from '../support';
import { checkAfterWrites, DAY, idsOf, migrateAgain, moment, NOW } from './rollup-support';

// Migration 033's order_genres and genre_day_stats against the files and orders themselves after
// random writes to both (fast-check picks them: orders and files inserted, genres changed, files moved
// to another order or deleted, orders' status, creation time, price and track count changed, unrelated
// updates, orders deleted with their files), and the analytics screen's top genres (read from the day
// figures) against the genres ranked from every file of the period's paid orders, for every period.

const ctx = opsPerFile();
const status = fc.constantFrom(...ORDER_STATUSES);
// A few genres only, so orders share them and the ranking has ties to break; sometimes none.
const genre = fc.option(fc.constantFrom(...GENRES.slice(0, 4)), { nil: null, freq: 4 });
// Totals that do not divide evenly by the track count: the shares are fractions of a cent.
const price = fc.record({
  totalCents: fc.integer({ min: 1, max: 100_000 }),
  trackCount: fc.integer({ min: 1, max: 3 }),
});
const pick = fc.nat(); // which existing row(s) a change touches

/** One write to the orders or their files. */
const write = fc.oneof(
  fc.record({
    op: fc.constant('order' as const),
    rows: fc.array(fc.tuple(status, moment, price), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ op: fc.constant('files' as const), pick, genres: fc.array(genre, { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constant('genre' as const), pick, n: fc.integer({ min: 1, max: 3 }), genre }),
  fc.record({ op: fc.constant('moveFile' as const), pick, to: pick }),
  fc.record({ op: fc.constant('deleteFiles' as const), pick, n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ op: fc.constant('status' as const), pick, n: fc.integer({ min: 1, max: 4 }), status }),
  fc.record({ op: fc.constant('moved' as const), pick, n: fc.integer({ min: 1, max: 3 }), at: moment }),
  fc.record({ op: fc.constant('price' as const), pick, price }),
  fc.record({ op: fc.constant('unrelated' as const), pick }),
  fc.record({ op: fc.constant('deleteOrders' as const), pick, n: fc.integer({ min: 1, max: 2 }) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

const orderRow = (s: string, createdAt: Date, p: { totalCents: number; trackCount: number }) => ({
  customerEmail: 'a@genres.test',
  status: s,
  unitPriceCents: p.totalCents,
  trackCount: p.trackCount,
  subtotalCents: p.totalCents,
  totalCents: p.totalCents,
  createdAt,
});

async function apply(knex: Knex, w: Write): Promise<void> {
  if (w.op === 'order') {
    await knex('orders').insert(w.rows.map(([s, at, p]) => orderRow(s, at, p)));
    return;
  }
  if (w.op === 'files') {
    const [orderId] = await idsOf(knex, 'orders', w.pick);
    if (!orderId) return;
    await knex('orderFiles').insert(
      w.genres.map((g, i) => ({
        orderId,
        originalName: `Track ${i}.wav`,
        fileName: 'track.wav',
        fileSize: 1000,
        originalFilePath: `/objects/${i}`,
        genre: g,
      })),
    );
    return;
  }
  if (w.op === 'genre')
    await knex('orderFiles')
      .whereIn('id', await idsOf(knex, 'orderFiles', w.pick, w.n))
      .update({ genre: w.genre });
  else if (w.op === 'moveFile') {
    const [to] = await idsOf(knex, 'orders', w.to);
    if (to)
      await knex('orderFiles')
        .whereIn('id', await idsOf(knex, 'orderFiles', w.pick))
        .update({ orderId: to });
  } else if (w.op === 'deleteFiles')
    await knex('orderFiles')
      .whereIn('id', await idsOf(knex, 'orderFiles', w.pick, w.n))
      .delete();
  else {
    const orders = knex('orders').whereIn('id', await idsOf(knex, 'orders', w.pick, 'n' in w ? w.n : 1));
    if (w.op === 'status') await orders.update({ status: w.status });
    else if (w.op === 'moved') await orders.update({ createdAt: w.at });
    else if (w.op === 'price')
      await orders.update({
        totalCents: w.price.totalCents,
        subtotalCents: w.price.totalCents,
        trackCount: w.price.trackCount,
      });
    else if (w.op === 'unrelated') await orders.update({ notes: 'looked at' });
    else await orders.delete();
  }
}

/** Both tables as stored, and as counted from the files and orders. */
async function expectStatsExact(knex: Knex) {
  const genres = (sql: string) => knex.raw(sql).then((r) => r.rows);
  expect(await genres('select order_id, genre, files from order_genres order by 1, 2')).toEqual(
    await genres(
      'select order_id, genre, count(*)::int as files from order_files where genre is not null group by 1, 2 order by 1, 2',
    ),
  );
  expect(
    await genres(
      'select day::text, status, genre, orders, share_cents::numeric(30, 10)::text as share from genre_day_stats order by 1, 2, 3',
    ),
  ).toEqual(
    await genres(
      `select (o.created_at at time zone 'UTC')::date::text as day, o.status, f.genre, count(distinct o.id)::int as orders,
              sum(o.total_cents::numeric / o.track_count)::numeric(30, 10)::text as share
         from order_files f join orders o on o.id = f.order_id where f.genre is not null group by 1, 2, 3 order by 1, 2, 3`,
    ),
  );
}

/** The top genres of the `days` days before `now` ranked from the files of the period's paid orders (the query before migration 033). */
async function topGenresCounted(knex: Knex, days: number, now: Date) {
  const { rows } = await knex.raw(
    `select genre, count(*)::int as orders, sum(share) as revenue_cents
       from (select f.genre, o.id, sum(o.total_cents::numeric / o.track_count) as share
               from order_files f join orders o on o.id = f.order_id
              where f.genre is not null and o.status = any(:paid) and o.created_at >= :cur and o.created_at < :now
              group by f.genre, o.id) per_order
      group by genre order by orders desc, revenue_cents desc, genre limit :limit`,
    { paid: PAID_STATUSES, cur: new Date(now.getTime() - days * DAY), now, limit: TOP_GENRES },
  );
  return rows.map((r: { genre: string; orders: number; revenue_cents: string }) => ({
    genre: r.genre,
    orders: r.orders,
    revenue: Math.round(Number(r.revenue_cents)) / 100,
  }));
}

// The periods' starts fall before noon at NOW and after it eight hours later: both ways of mending a
// start (the day taken whole less its hours before, or the hours after it added) are compared.
const NOWS = [NOW, new Date(NOW.getTime() + 8 * 3_600_000)];

/** The top genres of every period, as the analytics answer them and as counted. */
async function expectTopGenresExact(knex: Knex) {
  for (const now of NOWS)
    for (const days of Object.keys(TREND_BUCKETS).map(Number) as (keyof typeof TREND_BUCKETS)[]) {
      const { topGenres } = await analytics(knex, days, now);
      expect([now, days, topGenres]).toEqual([now, days, await topGenresCounted(knex, days, now)]);
    }
}

describe('migration 033 genre_day_stats', () => {
  it('counts the orders placed on either side of each period start and after now, however the edges are mended', async () => {
    const knex = ctx.db.knex;
    // Hours around each period's start at both nows, and an hour after each now (after the first,
    // before the second).
    const times = NOWS.flatMap((now) => [
      ...[7, 30, 90, 365].flatMap((days) =>
        [-3, -1, 1, 3].map((hours) => new Date(now.getTime() - days * DAY + hours * 3_600_000)),
      ),
      new Date(now.getTime() + 3_600_000),
    ]);
    for (const [n, at] of times.entries()) {
      const [{ id }] = await knex('orders')
        .insert(orderRow('delivered', at, { totalCents: 1000 + n, trackCount: 1 }))
        .returning('id');
      await knex('orderFiles').insert({
        orderId: id,
        originalName: 'Track.wav',
        fileName: 'track.wav',
        fileSize: 1000,
        originalFilePath: `/objects/${n}`,
        genre: GENRES[n % 4],
      });
    }
    await expectTopGenresExact(knex);
  });

  it('backfills the files and orders that exist when it runs', async () => {
    const knex = ctx.db.knex;
    for (const w of fc.sample(write, { numRuns: 60, seed: 33 })) await apply(knex, w);
    await migrateAgain(knex, '033_genre_day_stats');
    await expectStatsExact(knex);
    await expectTopGenresExact(knex);
  });

  it('equal the files and orders, and the top genres the ranking from every file, after any sequence of writes', async () => {
    const knex = ctx.db.knex;
    await checkAfterWrites(
      write,
      14,
      (w) => apply(knex, w),
      async () => {
        await expectStatsExact(knex);
        await expectTopGenresExact(knex);
      },
    );
  });

  it('stays exact under concurrent transactions adding files to an order while others move it', async () => {
    const knex = ctx.db.knex;
    await apply(knex, { op: 'order', rows: [['delivered', NOW, { totalCents: 1000, trackCount: 3 }]] });
    const [orderId] = await knex('orders').select('id').orderBy('createdAt', 'desc').limit(1);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        knex.transaction(async (trx) => {
          if (i % 2)
            await trx('orders')
              .where('id', orderId.id)
              .update({ status: i % 4 === 1 ? 'mastered' : 'cancelled', createdAt: new Date(NOW.getTime() - i * DAY) });
          else
            await trx('orderFiles').insert({
              orderId: orderId.id,
              originalName: `Rush ${i}.wav`,
              fileName: 'track.wav',
              fileSize: 1000,
              originalFilePath: `/objects/rush-${i}`,
              genre: GENRES[i % 3],
            });
        }),
      ),
    );
    await expectStatsExact(knex);
  });

  it('holds when a statement writes inside a transaction that rolls back, and after a TRUNCATE of either table', async () => {
    const knex = ctx.db.knex;
    await apply(knex, { op: 'order', rows: [['delivered', NOW, { totalCents: 1000, trackCount: 3 }]] });
    await apply(knex, { op: 'files', pick: 0, genres: ['Rock', 'Rock', 'Jazz'] });
    await knex
      .transaction(async (trx) => {
        await apply(trx, { op: 'genre', pick: 0, n: 3, genre: 'Pop' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await expectStatsExact(knex);
    await knex.raw('truncate order_files cascade');
    await expectStatsExact(knex);
    await apply(knex, { op: 'files', pick: 0, genres: ['Rock'] });
    await knex.raw('truncate orders cascade');
    await expectStatsExact(knex);
    await apply(knex, { op: 'order', rows: [['delivered', NOW, { totalCents: 1000, trackCount: 3 }]] });
    await apply(knex, { op: 'files', pick: 0, genres: ['Rock', 'Jazz'] });
    await expectStatsExact(knex);
    await expectTopGenresExact(knex);
  });
});
