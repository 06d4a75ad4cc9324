import type { Knex } from 'knex';
import { touchUpdatedAt } from './helpers';

/** Site settings as JSON values under a key (pricing first of all). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('updated_by').references('id').inTable('users').onDelete('SET NULL');
  });
  await touchUpdatedAt(knex, 'settings');
}

/** Drops what `up` created, dependants first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('settings');
}
