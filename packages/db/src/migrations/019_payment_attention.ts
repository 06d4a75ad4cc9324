import type { Knex } from 'knex';

/**
 * A payment staff must look at: `attention` says why (a payment for an order that was cancelled or
 * expired, or a second payment for an order already paid), null for every ordinary payment. The
 * partial index serves the screens that list only these.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('attention').checkIn(['order_cancelled', 'already_paid']);
  });
  await knex.raw('create index payments_attention_index on payments (created_at) where attention is not null');
}

/** Drops the index and the column. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payments_attention_index');
  await knex.schema.alterTable('payments', (t) => t.dropColumn('attention'));
}
