import type { Knex } from 'knex';
import { createRollupTriggers, dropRollupTriggers } from './helpers';

// The analytics' retention counts the customers who paid in the period before: distinct customers
// among tens of thousands of paid orders. Hashing their lower-cased addresses (text) took 100-600 ms
// at a million orders; a rollup cannot add distinct customers up over days. So:
//   customer_summaries.id  a number per customer (one summary per lower-cased address, migration 014).
//   customer_paid_days     per UTC day (of the order's created_at) and customer number: how many of
//                          the customer's orders placed that day are paid (paid_order_status).
// The period's payers are then the distinct numbers of its whole days (an index-only range) plus
// those of its part days, read from the orders: integers to hash, not addresses.
// Statement-level triggers on orders add signed deltas under row locks in the writing transaction, as
// migrations 014, 031-033. They look a customer's number up in customer_summaries, so they must run
// after 014's triggers on orders have added a new address there: PostgreSQL fires the triggers of one
// event in name order, and `orders_then_paid_days_*` sorts after `orders_summaries_*`. A summary 014
// deletes (its address has no order or account left) takes its days along (a trigger on its delete);
// the TRUNCATE that makes 014 rebuild every summary (new numbers) makes this rebuild too.

/** Numbers the customers, creates the paid days, backfills them and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No order, account or summary may change between the backfill and the triggers taking over.
  await knex.raw('lock table orders, users, customer_summaries in share row exclusive mode');
  await knex.raw('alter table customer_summaries add column id bigint generated always as identity');
  await knex.raw('create unique index customer_summaries_id_unique on customer_summaries (id)');
  await knex.raw(`
    create table customer_paid_days (
      day date not null,
      customer_id bigint not null,
      orders int not null,
      primary key (day, customer_id)
    )`);
  await knex.raw('create index customer_paid_days_customer_id_index on customer_paid_days (customer_id)');
  // Set-based (one statement over the paid orders), as 014's backfill: fine on a million orders.
  await knex.raw(`
    create function rebuild_customer_paid_days() returns void language sql as $$
      delete from customer_paid_days;
      insert into customer_paid_days (day, customer_id, orders)
      select (o.created_at at time zone 'UTC')::date, s.id, count(*)
        from orders o join customer_summaries s on s.email = lower(o.customer_email)
       where paid_order_status(o.status) group by 1, 2;
    $$`);
  await knex.raw('select rebuild_customer_paid_days()');
  await knex.raw('analyze customer_paid_days');

  // The deltas of one statement, (email, day, sign), added per (day, customer) in key order (so
  // concurrent statements lock alike); a day that reaches zero paid orders leaves. An address without
  // a summary has just lost its last order: 014 deleted it, and the trigger below its days.
  const apply = (changes: string) => `
      insert into customer_paid_days as p (day, customer_id, orders)
      select d.day, s.id, sum(d.sign) from (${changes}) d(email, day, sign) join customer_summaries s on s.email = d.email group by 1, 2 order by 1, 2
      on conflict (day, customer_id) do update set orders = p.orders + excluded.orders;
      delete from customer_paid_days p using (select distinct d.day, s.id from (${changes}) d(email, day, sign) join customer_summaries s on s.email = d.email where d.sign < 0) gone
       where p.day = gone.day and p.customer_id = gone.id and p.orders = 0;`;
  const delta = (r: string, sign: number) =>
    `lower(${r}.customer_email), (${r}.created_at at time zone 'UTC')::date, ${sign}`;
  await createRollupTriggers(knex, {
    name: 'orders_then_paid_days',
    table: 'orders',
    changes: {
      insert: `select ${delta('n', 1)} from new_rows n where paid_order_status(n.status)`,
      delete: `select ${delta('o', -1)} from old_rows o where paid_order_status(o.status)`,
      // Only an order whose address, day or paid status moves counts.
      update: `select v.* from old_rows o join new_rows n on n.id = o.id
                 cross join lateral (values (${delta('o', -1)}, paid_order_status(o.status)), (${delta('n', 1)}, paid_order_status(n.status))) v(email, day, sign, paid)
                where v.paid and (lower(o.customer_email), o.created_at, paid_order_status(o.status)) is distinct from (lower(n.customer_email), n.created_at, paid_order_status(n.status))`,
    },
    apply,
    rebuild: 'rebuild_customer_paid_days',
  });
  // A TRUNCATE of users rebuilds the summaries too (014): their numbers change.
  await knex.raw(
    'create function customer_paid_days_rebuild() returns trigger language plpgsql as $$ begin perform rebuild_customer_paid_days(); return null; end $$',
  );
  await knex.raw(
    'create trigger users_then_paid_days_truncate after truncate on users for each statement execute function customer_paid_days_rebuild()',
  );
  await knex.raw(`
    create function customer_paid_days_forget() returns trigger language plpgsql as $$
    begin
      delete from customer_paid_days p using old_rows o where p.customer_id = o.id;
      return null;
    end $$`);
  await knex.raw(
    'create trigger customer_summaries_paid_days_forget after delete on customer_summaries referencing old table as old_rows for each statement execute function customer_paid_days_forget()',
  );
}

/** Drops the triggers, their functions, the paid days and the customer numbers. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger customer_summaries_paid_days_forget on customer_summaries');
  await knex.raw('drop function customer_paid_days_forget()');
  await knex.raw('drop trigger users_then_paid_days_truncate on users');
  await knex.raw('drop function customer_paid_days_rebuild()');
  await dropRollupTriggers(knex, 'orders_then_paid_days', 'orders');
  await knex.raw('drop function rebuild_customer_paid_days()');
  await knex.raw('drop table customer_paid_days');
  await knex.raw('alter table customer_summaries drop column id');
}
