import type { Knex } from 'knex';

/**
 * When the customer replaced a track the analysis flagged (issue 25, the order page): staff see it, and
 * an analysis older than it belongs to the old upload (the page shows "checking" until the new one lands).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.timestamp('replaced_at', { useTz: true }).nullable();
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.dropColumn('replaced_at');
  });
}
