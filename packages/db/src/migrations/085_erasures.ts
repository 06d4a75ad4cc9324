import type { Knex } from 'knex';
import { createdAt, uuidPrimaryKey } from './helpers';

// Erasure through the owners (issue 52): ops' coordinator asks each table owner in turn to erase a
// person. The run is kept while it lasts, so a crash midway resumes where it stopped, with the person
// as found before the first owner erased anything; the row is deleted when the last owner is done.

/** Creates erasures. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('erasures', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('email').notNullable();
    t.jsonb('person').notNullable();
    t.specificType('owners_done', 'text[]').notNullable().defaultTo('{}');
    t.uuid('erased_by').references('id').inTable('users').onDelete('SET NULL');
    createdAt(knex, t);
  });
  // One run per address at a time: asking again resumes it.
  await knex.raw('create unique index erasures_one_per_address on erasures (email)');
}

/** Drops erasures. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('erasures');
}
