import type { Knex } from 'knex';
import { createRollupTriggers, dropRollupTriggers } from './helpers';

// The analytics screen's customer figures over a year read 365 rows instead of counting every customer:
//   customer_paid_day_stats  per UTC day: how many customers' first paid order (first_paid) and last
//                            paid order (last_paid) were placed that day, as customer_summaries holds them.
// As migrations 014 and 031: statement-level triggers on customer_summaries (itself kept by 014's
// triggers on orders) turn each statement's transition tables into signed deltas added under row locks
// (`insert ... on conflict`, `set x = x + delta`), in the writing transaction, so the figures are never
// stale and concurrent writers add up; a TRUNCATE rebuilds.

/** Creates the day figures, backfills them from customer_summaries and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No summary may change between the backfill and the triggers taking over.
  await knex.raw('lock table customer_summaries in share row exclusive mode');
  await knex.raw(`
    create table customer_paid_day_stats (
      day date primary key,
      first_paid int not null,
      last_paid int not null
    )`);
  await knex.raw(`
    create function rebuild_customer_paid_day_stats() returns void language sql as $$
      delete from customer_paid_day_stats;
      insert into customer_paid_day_stats (day, first_paid, last_paid)
      select d.day, sum(d.first_paid), sum(d.last_paid)
        from customer_summaries s
        cross join lateral (values ((s.first_paid at time zone 'UTC')::date, 1, 0), ((s.last_paid at time zone 'UTC')::date, 0, 1)) d(day, first_paid, last_paid)
       where d.day is not null group by 1;
    $$`);
  await knex.raw('select rebuild_customer_paid_day_stats()');

  // The deltas of one statement, (day, first_paid, last_paid), added per day in key order (so
  // concurrent statements lock alike); a day that reaches zero customers both ways leaves.
  const apply = (changes: string) => `
      insert into customer_paid_day_stats as s (day, first_paid, last_paid)
      select d.day, sum(d.first_paid), sum(d.last_paid) from (${changes}) d(day, first_paid, last_paid) where d.day is not null group by 1 order by 1
      on conflict (day) do update set first_paid = s.first_paid + excluded.first_paid, last_paid = s.last_paid + excluded.last_paid;
      delete from customer_paid_day_stats s using (select distinct d.day from (${changes}) d(day, first_paid, last_paid) where d.first_paid < 0 or d.last_paid < 0) gone
       where s.day = gone.day and s.first_paid = 0 and s.last_paid = 0;`;
  // A summary's two days, each counted with `sign` (a day is null for a customer who never paid).
  const delta = (r: string, sign: number) =>
    `((${r}.first_paid at time zone 'UTC')::date, ${sign}, 0), ((${r}.last_paid at time zone 'UTC')::date, 0, ${sign})`;
  // The same summary, with the same paid days, among `rows`.
  const same = (r: string, rows: string) =>
    `select 1 from ${rows} x where x.email = ${r}.email and x.first_paid is not distinct from ${r}.first_paid and x.last_paid is not distinct from ${r}.last_paid`;
  const changes = {
    insert: `select v.* from new_rows n cross join lateral (values ${delta('n', 1)}) v`,
    delete: `select v.* from old_rows o cross join lateral (values ${delta('o', -1)}) v`,
    // Only a summary whose first or last paid order moves counts (most updates change counts and totals):
    // its old days leave and its new ones come, matched by address (which could change too).
    update: `select v.* from old_rows o cross join lateral (values ${delta('o', -1)}) v where not exists (${same('o', 'new_rows')})
             union all
             select v.* from new_rows n cross join lateral (values ${delta('n', 1)}) v where not exists (${same('n', 'old_rows')})`,
  };
  await createRollupTriggers(knex, {
    name: 'customer_summaries_paid_days',
    table: 'customer_summaries',
    changes,
    apply,
    rebuild: 'rebuild_customer_paid_day_stats',
  });
}

/** Drops the triggers, their functions and the day figures. */
export async function down(knex: Knex): Promise<void> {
  await dropRollupTriggers(knex, 'customer_summaries_paid_days', 'customer_summaries');
  await knex.raw('drop function rebuild_customer_paid_day_stats()');
  await knex.raw('drop table customer_paid_day_stats');
}
