import type { Knex } from 'knex';

// The order's promise as one stored fact (issue 50): `due_at` is what `promiseOf` (contracts) answers
// for the order, written with every change that moves it (a status change, the engineer's expected
// time), so the admin flags, the dashboard, the late-order job, its digest and the order page read one
// column instead of each adding 48 hours to `paid_at` (which showed every revision round overdue).
// `round_started_at` is when the current revision round began (null: the first delivery is promised).
// Values frozen here, as every migration does: 48 hours for the first delivery and for a revision round.

/** Adds the columns, fills them for the orders there are, and indexes the running promises. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('round_started_at', { useTz: true }).nullable();
    t.timestamp('due_at', { useTz: true }).nullable();
  });
  // An order back in the work after a delivery began its round when it left `delivered` the last time.
  await knex.raw(`
    update orders o set round_started_at = h.at
    from (select order_id, max(created_at) as at from order_status_history
          where from_status = 'delivered' and to_status in ('revision_requested', 'in_progress')
          group by order_id) h
    where h.order_id = o.id and o.status in ('revision_requested', 'in_progress', 'mastered', 'refund_pending')`);
  await knex.raw(`
    update orders set due_at = coalesce(
      expected_at,
      case when round_started_at is not null then round_started_at + interval '48 hours'
           else paid_at + interval '48 hours' end)
    where paid_at is not null
      and status in ('payment_confirmed', 'in_progress', 'mastered', 'revision_requested')`);
  // Only running promises are indexed: the overdue and due-soon ranges read a few rows, not every order.
  await knex.raw('create index orders_due_at_index on orders (due_at) where due_at is not null');
  // The Orders screen's "due" sort (soonest due first, then newest) read in index order; it replaces
  // migration 015's sort on paid_at, and 011's index of the open orders' paid_at is no longer read.
  await knex.raw('drop index orders_due_sort_index');
  await knex.raw('drop index orders_open_paid_at_index');
  await knex.raw('create index orders_due_sort_index on orders (due_at asc nulls last, created_at desc, id desc)');
}

/** Drops them. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_due_sort_index');
  await knex.raw('drop index orders_due_at_index');
  await knex.raw(
    `create index orders_open_paid_at_index on orders (paid_at) where status in ('payment_confirmed', 'in_progress', 'mastered')`,
  );
  await knex.raw(
    `create index orders_due_sort_index on orders ((case when status in ('payment_confirmed', 'in_progress', 'mastered') then paid_at end) asc nulls last, created_at desc, id desc)`,
  );
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('due_at');
    t.dropColumn('round_started_at');
  });
}
