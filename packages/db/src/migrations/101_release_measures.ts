import type { Knex } from 'knex';

// The coherence measures of a release's masters (issue 55): measured once per master (its stored path),
// so the engineer's table is read again without decoding every master again. A new master version has
// a new path and is measured anew; the row goes with its file.

/** Creates release_measures. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('release_measures', (t) => {
    t.uuid('file_id').notNullable().references('id').inTable('order_files').onDelete('CASCADE');
    t.text('mastered_file_path').notNullable();
    /** The CoherenceMeasure (contracts), or null when the master had no measurable audio. */
    t.jsonb('measure');
    t.timestamp('measured_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['file_id', 'mastered_file_path']);
  });
}

/** Drops release_measures. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('release_measures');
}
