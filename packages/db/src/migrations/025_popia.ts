import type { Knex } from 'knex';

/**
 * POPIA retention (issue 26 Deliver 5): when an order file's audio (the source and every master) was
 * deleted from storage. The row, its order, invoice and history stay; only the bytes go.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.timestamp('audio_deleted_at', { useTz: true });
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.dropColumn('audio_deleted_at');
  });
}
