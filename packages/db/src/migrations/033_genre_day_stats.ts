import type { Knex } from 'knex';
import { createRollupTriggers, dropRollupTriggers } from './helpers';

// The analytics screen's top genres over a year read a few thousand day rows instead of joining every
// file of the year to its order:
//   order_genres     per order and genre: how many of the order's files carry it (kept by triggers on
//                    order_files).
//   genre_day_stats  per UTC day (of the order's created_at), order status and genre: how many orders
//                    have a file of that genre (orders) and their revenue shared equally by the order's
//                    tracks (share_cents: files of the genre x total_cents / track_count, exact numeric).
// As migrations 014, 031 and 032: statement-level triggers turn each statement's transition tables into
// signed deltas added under row locks (`insert ... on conflict`, `set x = x + delta`), in the writing
// transaction, so the figures are never stale and concurrent writers add up; a TRUNCATE rebuilds.
// A file's delta needs its order's day, status and price: the trigger on order_files reads the order
// with a share lock (so a concurrent change of those waits for it, and the other way round); a file
// deleted with its order (ON DELETE CASCADE) is left to the trigger on orders, which removes the whole
// order with the genres order_genres holds for it, whichever of the two runs first.

/** Creates the two tables, backfills them from the existing files and orders and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No order or file may change between the backfill and the triggers taking over.
  await knex.raw('lock table orders, order_files in share row exclusive mode');
  await knex.raw(`
    create table order_genres (
      order_id uuid not null,
      genre text not null,
      files int not null,
      primary key (order_id, genre)
    )`);
  await knex.raw(`
    create table genre_day_stats (
      day date not null,
      status text not null,
      genre text not null,
      orders int not null,
      share_cents numeric not null,
      primary key (day, status, genre)
    )`);
  // Set-based (two statements over the whole tables), as 014's backfill: fine on a million orders.
  await knex.raw(`
    create function rebuild_genre_day_stats() returns void language sql as $$
      delete from order_genres;
      delete from genre_day_stats;
      insert into order_genres (order_id, genre, files)
      select order_id, genre, count(*) from order_files where genre is not null group by 1, 2;
      insert into genre_day_stats (day, status, genre, orders, share_cents)
      select (o.created_at at time zone 'UTC')::date, o.status, g.genre, count(*), sum(g.files * (o.total_cents::numeric / o.track_count))
        from order_genres g join orders o on o.id = g.order_id group by 1, 2, 3;
    $$`);
  await knex.raw('select rebuild_genre_day_stats()');
  // Statistics now, not when autovacuum comes: the part days of a period join order_genres per order,
  // which the planner does only when it knows the table is large (else it hashes all of it).
  await knex.raw('analyze order_genres, genre_day_stats');

  // One order entering (+1) or leaving (-1) a day's genre figures, with its share of the revenue.
  await knex.raw('create type genre_day_delta as (day date, status text, genre text, orders int, share_cents numeric)');
  // The deltas added per (day, status, genre) in key order (so concurrent statements lock alike); a
  // figure that reaches zero orders leaves.
  await knex.raw(`
    create function add_genre_day_stats(deltas genre_day_delta[]) returns void language sql as $$
      insert into genre_day_stats as s (day, status, genre, orders, share_cents)
      select d.day, d.status, d.genre, sum(d.orders), sum(d.share_cents) from unnest(deltas) d group by 1, 2, 3 order by 1, 2, 3
      on conflict (day, status, genre) do update set orders = s.orders + excluded.orders, share_cents = s.share_cents + excluded.share_cents;
      delete from genre_day_stats s using (select distinct d.day, d.status, d.genre from unnest(deltas) d where d.orders < 0) gone
       where s.day = gone.day and s.status = gone.status and s.genre = gone.genre and s.orders = 0;
    $$`);

  // Files: a file with a genre entering (+1) or leaving (-1) its order's count of that genre.
  await knex.raw('create type genre_file_delta as (order_id uuid, genre text, sign int)');
  await knex.raw(`
    create function apply_genre_file_deltas(deltas genre_file_delta[]) returns void language plpgsql as $$
    declare
      moved genre_day_delta[];
    begin
      if cardinality(deltas) = 0 then return; end if;
      -- The orders that still exist, share-locked in id order; each pair's count after the statement
      -- (under the row lock of the upsert) less the statement's delta is its count before. The order
      -- leaves the figures of a genre with its count before and enters them with its count after.
      with d as (select d.order_id, d.genre, sum(d.sign)::int as files from unnest(deltas) d group by 1, 2 having sum(d.sign) <> 0),
           o as (select id, created_at, status, total_cents, track_count from orders where id in (select order_id from d) order by id for share),
           counted as (
             insert into order_genres as g (order_id, genre, files)
             select d.order_id, d.genre, d.files from d join o on o.id = d.order_id order by 1, 2
             on conflict (order_id, genre) do update set files = g.files + excluded.files
             returning g.order_id, g.genre, g.files)
      select coalesce(array_agg(row((o.created_at at time zone 'UTC')::date, o.status, c.genre, v.sign, v.sign * v.files * (o.total_cents::numeric / o.track_count))::genre_day_delta), '{}')
        into moved
        from counted c join d on d.order_id = c.order_id and d.genre = c.genre join o on o.id = c.order_id
        cross join lateral (values (-1, c.files - d.files), (1, c.files)) v(sign, files)
       where v.files > 0;
      perform add_genre_day_stats(moved);
      delete from order_genres g using (select distinct d.order_id, d.genre from unnest(deltas) d where d.sign < 0) gone
       where g.order_id = gone.order_id and g.genre = gone.genre and g.files = 0;
    end
    $$`);
  const file = (r: string, sign: number) => `row(${r}.order_id, ${r}.genre, ${sign})::genre_file_delta`;
  await createRollupTriggers(knex, {
    name: 'order_files_genres',
    table: 'order_files',
    changes: {
      insert: `select ${file('n', 1)} from new_rows n where n.genre is not null`,
      delete: `select ${file('o', -1)} from old_rows o where o.genre is not null`,
      // Only a file whose genre or order changes counts.
      update: `select v.d from old_rows o join new_rows n on n.id = o.id
                 cross join lateral (values (${file('o', -1)}), (${file('n', 1)})) v(d)
                where (v.d).genre is not null and (o.order_id, o.genre) is distinct from (n.order_id, n.genre)`,
    },
    apply: (changes) => `perform apply_genre_file_deltas(array(${changes}));`,
    rebuild: 'rebuild_genre_day_stats',
  });

  // Orders: an order leaving (-1) or entering (+1) the figures of each genre order_genres holds for it.
  // A deleted order's genres leave order_genres with it (its files, deleted by the cascade, are not
  // counted out by the trigger on order_files: the order is gone by then, or still here and counted out here).
  const order = (r: string, sign: number) =>
    `${r}.id, ${r}.created_at, ${r}.status, ${r}.total_cents, ${r}.track_count, ${sign}`;
  const columns = 'c(order_id, created_at, status, total_cents, track_count, sign)';
  await createRollupTriggers(knex, {
    name: 'orders_genres',
    table: 'orders',
    changes: {
      insert: `select ${order('n', 1)} from new_rows n`,
      delete: `select ${order('o', -1)} from old_rows o`,
      // Only an order whose day, status or price moves counts (most updates touch notes or the engineer).
      update: `select v.* from old_rows o join new_rows n on n.id = o.id
                 cross join lateral (values (${order('o', -1)}), (${order('n', 1)})) v
                where (o.status, o.created_at, o.total_cents, o.track_count) is distinct from (n.status, n.created_at, n.total_cents, n.track_count)`,
    },
    apply: (changes) => `
      perform add_genre_day_stats(array(
        select row((c.created_at at time zone 'UTC')::date, c.status, g.genre, c.sign, c.sign * g.files * (c.total_cents::numeric / c.track_count))::genre_day_delta
          from (${changes}) ${columns} join order_genres g on g.order_id = c.order_id));
      delete from order_genres g using (${changes}) ${columns}
       where c.sign < 0 and g.order_id = c.order_id and not exists (select 1 from orders o where o.id = c.order_id);`,
    rebuild: 'rebuild_genre_day_stats',
  });
}

/** Drops the triggers, their functions, the types and the two tables. */
export async function down(knex: Knex): Promise<void> {
  await dropRollupTriggers(knex, 'orders_genres', 'orders');
  await dropRollupTriggers(knex, 'order_files_genres', 'order_files');
  await knex.raw('drop function apply_genre_file_deltas(genre_file_delta[])');
  await knex.raw('drop type genre_file_delta');
  await knex.raw('drop function add_genre_day_stats(genre_day_delta[])');
  await knex.raw('drop type genre_day_delta');
  await knex.raw('drop function rebuild_genre_day_stats()');
  await knex.raw('drop table genre_day_stats');
  await knex.raw('drop table order_genres');
}
