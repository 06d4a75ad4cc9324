import type { Knex } from 'knex';
import { oneOf, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

/**
 * The release pack (issue 54 item 2): what an order bought (its formats at the prices sold, and the
 * pack's share of the total), each track's release metadata, and one row per rendered file, keyed by
 * the master version and the format it was rendered from, so nothing is rendered twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.jsonb('release_pack').nullable();
    t.integer('release_pack_cents').notNullable().defaultTo(0);
  });
  // The total is the mastering (less its discount) plus the pack's add-ons, which the discount leaves alone.
  await knex.raw('alter table orders drop constraint orders_total_check');
  await knex.raw(
    'alter table orders add constraint orders_total_check check (total_cents = subtotal_cents - discount_cents + release_pack_cents and release_pack_cents >= 0)',
  );
  await knex.schema.alterTable('order_files', (t) => {
    t.jsonb('release_metadata').nullable();
  });
  await knex.schema.createTable('pack_files', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('file_id').notNullable().references('order_files.id').onDelete('CASCADE');
    t.uuid('master_version_id').notNullable().references('master_versions.id').onDelete('CASCADE');
    oneOf(t, 'pack_files', 'format', ['wav24', 'wav16', 'flac', 'mp3', 'aac']).notNullable();
    oneOf(t, 'pack_files', 'status', ['rendering', 'ready', 'failed'], 'rendering');
    t.text('object_key').nullable();
    t.bigInteger('size').nullable();
    t.double('integrated_lufs').nullable();
    t.double('true_peak_dbtp').nullable();
    t.text('error').nullable();
    timestamps(knex, t);
    t.unique(['master_version_id', 'format']);
    t.index(['file_id']);
  });
  await touchUpdatedAt(knex, 'pack_files');
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pack_files');
  await knex.schema.alterTable('order_files', (t) => t.dropColumn('release_metadata'));
  await knex.raw('alter table orders drop constraint orders_total_check');
  await knex.raw(
    'alter table orders add constraint orders_total_check check (total_cents = subtotal_cents - discount_cents)',
  );
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('release_pack');
    t.dropColumn('release_pack_cents');
  });
}
