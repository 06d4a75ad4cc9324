import type { Knex } from 'knex';
import { createRollupTriggers, dropRollupTriggers } from './helpers';

// The analytics' delivery figures (average hours from payment to delivery, share on time) read each
// order's first `delivered` entry in the status history and its payment (the first `payment_confirmed`
// entry, else the order's paid_at). Worked out from the history at each answer, that aggregated every
// payment entry of the shop and hashed every delivery (880 ms for 30 days at 100,000 orders, EXPLAIN).
// So, kept by triggers:
//   order_deliveries    per delivered order: its first delivery and its payment as the analytics define them;
//   delivery_day_stats  per UTC day of first delivery (paid orders): deliveries, seconds from payment to
//                       delivery, and how many within delivery_hours() (DELIVERY_HOURS, 48);
// a period is then its whole days' rows plus its two part days from order_deliveries (an index range
// that carries the payment too), as order_day_stats and the other rollups are read.
// Statement-level triggers on the history (a delivery or payment entry written, changed or deleted)
// and on orders (paid_at changed) work the touched orders out again from their history, in id order so
// concurrent statements lock alike; an order deleted takes its row along (foreign key), and a TRUNCATE
// of the history rebuilds the table. The day figures follow order_deliveries by signed deltas (migration
// 014's way).

/** The row of each delivered order in `ids` worked out again from its history (and gone when it has no delivery left). */
const REFRESH = `
  create function refresh_order_deliveries(ids uuid[]) returns void language sql as $$
    insert into order_deliveries (order_id, delivered_at, paid_at)
    select o.id, d.at,
           coalesce((select min(p.created_at) from order_status_history p where p.order_id = o.id and p.to_status = 'payment_confirmed'), o.paid_at)
      from orders o
      cross join lateral (select min(h.created_at) as at from order_status_history h where h.order_id = o.id and h.to_status = 'delivered') d
     where o.id = any(ids) and d.at is not null
     order by o.id
    on conflict (order_id) do update set delivered_at = excluded.delivered_at, paid_at = excluded.paid_at
     where (order_deliveries.delivered_at, order_deliveries.paid_at) is distinct from (excluded.delivered_at, excluded.paid_at);
    delete from order_deliveries r
     where r.order_id = any(ids)
       and not exists (select 1 from order_status_history h where h.order_id = r.order_id and h.to_status = 'delivered');
  $$`;

/** The history entries a statement wrote that can change a delivery row: deliveries and payments. */
const touches = (rows: string) =>
  `select distinct order_id from ${rows} where to_status in ('delivered', 'payment_confirmed')`;

const HISTORY_TRIGGERS = {
  insert: { tables: 'referencing new table as new_rows', ids: touches('new_rows') },
  update: {
    tables: 'referencing old table as old_rows new table as new_rows',
    ids: `${touches('old_rows')} union ${touches('new_rows')}`,
  },
  delete: { tables: 'referencing old table as old_rows', ids: touches('old_rows') },
};

/** Row `r`'s (`sign` 1 or -1) day, count, seconds and on-time count as a delivery_day_stats delta. */
const DAY_DELTA = (r: string, sign: number) =>
  `(${r}.delivered_at at time zone 'UTC')::date, ${sign}, ${sign} * extract(epoch from ${r}.delivered_at - ${r}.paid_at), ${sign} * (${r}.delivered_at - ${r}.paid_at <= make_interval(hours => delivery_hours()))::int`;

/** The day figures of the rows `r` (to be grouped by their first column, the day). */
const DAY_FIGURES = (r: string) =>
  `(${r}.delivered_at at time zone 'UTC')::date, count(*), sum(extract(epoch from ${r}.delivered_at - ${r}.paid_at)), count(*) filter (where ${r}.delivered_at - ${r}.paid_at <= make_interval(hours => delivery_hours()))`;

/** Creates order_deliveries and delivery_day_stats, fills them from the history and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No history entry or payment time may change between the backfill and the triggers taking over.
  await knex.raw('lock table orders, order_status_history in share row exclusive mode');
  await knex.raw(`
    create table order_deliveries (
      order_id uuid primary key references orders (id) on delete cascade,
      delivered_at timestamptz not null,
      paid_at timestamptz
    )`);
  await knex.raw(
    'create index order_deliveries_delivered_at_index on order_deliveries (delivered_at) include (paid_at)',
  );
  await knex.raw(REFRESH);
  await knex.raw(`
    create function rebuild_order_deliveries() returns void language sql as $$
      delete from order_deliveries;
      select refresh_order_deliveries(array(select distinct order_id from order_status_history where to_status = 'delivered'));
    $$`);
  await knex.raw('select rebuild_order_deliveries()');
  await knex.raw('analyze order_deliveries');

  await knex.raw('create function delivery_hours() returns int language sql immutable as $$ select 48 $$');
  await knex.raw(`
    create table delivery_day_stats (
      day date primary key,
      delivered int not null,
      seconds numeric not null,
      on_time int not null
    )`);
  await knex.raw(`
    create function rebuild_delivery_day_stats() returns void language sql as $$
      delete from delivery_day_stats;
      insert into delivery_day_stats (day, delivered, seconds, on_time)
      select ${DAY_FIGURES('r')} from order_deliveries r where r.paid_at is not null group by 1;
    $$`);
  await knex.raw('select rebuild_delivery_day_stats()');
  // The deltas of one statement, (day, delivered, seconds, on_time), added per day in key order; a day
  // left with no delivery goes.
  const apply = (changes: string) => `
      insert into delivery_day_stats as s (day, delivered, seconds, on_time)
      select day, sum(n), sum(secs), sum(ok) from (${changes}) c(day, n, secs, ok) group by 1 order by 1
      on conflict (day) do update set delivered = s.delivered + excluded.delivered, seconds = s.seconds + excluded.seconds, on_time = s.on_time + excluded.on_time;
      delete from delivery_day_stats s using (select distinct day from (${changes}) c(day, n, secs, ok)) t where s.day = t.day and s.delivered = 0;`;
  await createRollupTriggers(knex, {
    name: 'order_deliveries_then_day_stats',
    table: 'order_deliveries',
    changes: {
      insert: `select ${DAY_DELTA('n', 1)} from new_rows n where n.paid_at is not null`,
      delete: `select ${DAY_DELTA('o', -1)} from old_rows o where o.paid_at is not null`,
      update: `select ${DAY_DELTA('o', -1)} from old_rows o where o.paid_at is not null
               union all select ${DAY_DELTA('n', 1)} from new_rows n where n.paid_at is not null`,
    },
    apply,
    rebuild: 'rebuild_delivery_day_stats',
  });

  for (const [op, { tables, ids }] of Object.entries(HISTORY_TRIGGERS)) {
    await knex.raw(`
      create function order_status_history_then_deliveries_${op}() returns trigger language plpgsql as $$
      begin
        perform refresh_order_deliveries(array(select i.order_id from (${ids}) i order by 1));
        return null;
      end $$`);
    await knex.raw(
      `create trigger order_status_history_then_deliveries_${op} after ${op} on order_status_history ${tables} for each statement execute function order_status_history_then_deliveries_${op}()`,
    );
  }
  await knex.raw(
    'create function order_deliveries_rebuild() returns trigger language plpgsql as $$ begin perform rebuild_order_deliveries(); return null; end $$',
  );
  await knex.raw(
    'create trigger order_status_history_then_deliveries_truncate after truncate on order_status_history for each statement execute function order_deliveries_rebuild()',
  );
  // An order's paid_at is the payment of a delivery without a payment entry (orders paid before the history).
  await knex.raw(`
    create function orders_then_deliveries_update() returns trigger language plpgsql as $$
    begin
      perform refresh_order_deliveries(array(
        select n.id from old_rows o join new_rows n on n.id = o.id
         where n.paid_at is distinct from o.paid_at and exists (select 1 from order_deliveries r where r.order_id = n.id)
         order by 1));
      return null;
    end $$`);
  await knex.raw(
    'create trigger orders_then_deliveries_update after update on orders referencing old table as old_rows new table as new_rows for each statement execute function orders_then_deliveries_update()',
  );
}

/** Drops the triggers, their functions, the day figures and order_deliveries. */
export async function down(knex: Knex): Promise<void> {
  await dropRollupTriggers(knex, 'order_deliveries_then_day_stats', 'order_deliveries');
  await knex.raw('drop function rebuild_delivery_day_stats()');
  await knex.raw('drop table delivery_day_stats');
  await knex.raw('drop function delivery_hours()');
  await knex.raw('drop trigger orders_then_deliveries_update on orders');
  await knex.raw('drop function orders_then_deliveries_update()');
  await knex.raw('drop trigger order_status_history_then_deliveries_truncate on order_status_history');
  await knex.raw('drop function order_deliveries_rebuild()');
  for (const op of Object.keys(HISTORY_TRIGGERS)) {
    await knex.raw(`drop trigger order_status_history_then_deliveries_${op} on order_status_history`);
    await knex.raw(`drop function order_status_history_then_deliveries_${op}()`);
  }
  await knex.raw('drop function rebuild_order_deliveries()');
  await knex.raw('drop function refresh_order_deliveries(uuid[])');
  await knex.raw('drop table order_deliveries');
}
