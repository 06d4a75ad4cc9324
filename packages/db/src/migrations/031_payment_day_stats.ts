import type { Knex } from 'knex';
import { createRollupTriggers, dropRollupTriggers } from './helpers';

// The payments screen's cards over a year read 365 rows instead of every payment of the year:
//   payment_day_stats  per UTC day (of the payment's created_at) and payment status: how many
//                      payments and their amount in cents.
// As migration 014's summaries: statement-level triggers turn each statement's transition tables into
// signed deltas added under row locks (`insert ... on conflict`, `set x = x + delta`), in the writing
// transaction, so the figures are never stale and concurrent writers add up; a TRUNCATE rebuilds.
// Refunds are not in it: the screen nets the succeeded refunds of the range's payments, read from the
// refunds themselves (few, and a refund's payment may change status after it).

/** Creates the day figures, backfills them from the existing payments and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No payment may change between the backfill and the triggers taking over.
  await knex.raw('lock table payments in share row exclusive mode');
  await knex.raw(`
    create table payment_day_stats (
      day date not null,
      status text not null,
      payments int not null,
      amount_cents bigint not null,
      primary key (day, status)
    )`);
  await knex.raw(`
    create function rebuild_payment_day_stats() returns void language sql as $$
      delete from payment_day_stats;
      insert into payment_day_stats (day, status, payments, amount_cents)
      select (created_at at time zone 'UTC')::date, status, count(*), sum(amount_cents) from payments group by 1, 2;
    $$`);
  await knex.raw('select rebuild_payment_day_stats()');

  // The deltas of one statement, (day, status, sign, amount_cents), added per (day, status) in key
  // order (so concurrent statements lock alike); a figure that reaches zero payments leaves.
  const apply = (changes: string) => `
      insert into payment_day_stats as s (day, status, payments, amount_cents)
      select d.day, d.status, sum(d.sign), sum(d.sign * d.amount_cents) from (${changes}) d(day, status, sign, amount_cents) group by 1, 2 order by 1, 2
      on conflict (day, status) do update set payments = s.payments + excluded.payments, amount_cents = s.amount_cents + excluded.amount_cents;
      delete from payment_day_stats s using (select distinct d.day, d.status from (${changes}) d(day, status, sign, amount_cents) where d.sign < 0) gone
       where s.day = gone.day and s.status = gone.status and s.payments = 0;`;
  const delta = (r: string, sign: number) =>
    `(${r}.created_at at time zone 'UTC')::date, ${r}.status, ${sign}, ${r}.amount_cents::bigint`;
  const changes = {
    insert: `select ${delta('n', 1)} from new_rows n`,
    delete: `select ${delta('o', -1)} from old_rows o`,
    // Only an update that moves a figure counts (most set processed_at, attention or the failure reason).
    update: `select v.* from old_rows o join new_rows n on n.id = o.id
               cross join lateral (values (${delta('o', -1)}), (${delta('n', 1)})) v(day, status, sign, amount_cents)
              where (o.status, o.amount_cents, o.created_at) is distinct from (n.status, n.amount_cents, n.created_at)`,
  };
  await createRollupTriggers(knex, {
    name: 'payments_day_stats',
    table: 'payments',
    changes,
    apply,
    rebuild: 'rebuild_payment_day_stats',
  });
}

/** Drops the triggers, their functions and the day figures. */
export async function down(knex: Knex): Promise<void> {
  await dropRollupTriggers(knex, 'payments_day_stats', 'payments');
  await knex.raw('drop function rebuild_payment_day_stats()');
  await knex.raw('drop table payment_day_stats');
}
