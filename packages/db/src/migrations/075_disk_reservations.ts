import type { Knex } from 'knex';

/**
 * The disk ledger (issue 51): the bytes each admitted upload declared, held against the free-space
 * floor of the volume its bytes land on until they are stored, the upload fails, or its URL expires.
 * One row per upload (a second write replaces its hold); the row goes with its upload. Indexed by
 * volume and expiry: an admission sums the live holds of one volume.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('disk_reservations', (t) => {
    t.uuid('upload_id').primary().references('id').inTable('uploads').onDelete('CASCADE');
    t.text('volume').notNullable();
    t.bigInteger('bytes').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['volume', 'expires_at']);
  });
  await knex.raw('alter table disk_reservations add constraint disk_reservations_bytes_check check (bytes >= 0)');
}

/** Drops the ledger. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('disk_reservations');
}
