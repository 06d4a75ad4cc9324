import type { Knex } from 'knex';
import { createdAt, uuidPrimaryKey } from './helpers';

/**
 * POPIA (issue 26 Deliver 5): when an order file's audio (the source and every master) was deleted
 * from storage (the row, its order, invoice and history stay; only the bytes go), and the deletion
 * requests customers make, which staff complete.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.timestamp('audio_deleted_at', { useTz: true });
  });
  await knex.schema.createTable('deletion_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('email').notNullable();
    createdAt(knex, t);
    t.timestamp('completed_at', { useTz: true });
    t.uuid('completed_by').references('id').inTable('users').onDelete('SET NULL');
  });
  // One open request per address: asking again while one waits changes nothing.
  await knex.raw(
    'create unique index deletion_requests_one_open on deletion_requests (lower(email)) where completed_at is null',
  );
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deletion_requests');
  await knex.schema.alterTable('order_files', (t) => {
    t.dropColumn('audio_deleted_at');
  });
}
