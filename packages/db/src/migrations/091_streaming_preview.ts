import type { Knex } from 'knex';

// The streaming preview of a master (issue 54 item 3): how each platform plays it and its peaks after
// MP3 and AAC encoding, measured with the master's analysis and kept beside it.

/** Adds file_analyses.streaming_preview. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('file_analyses', (t) => {
    t.jsonb('streaming_preview');
  });
}

/** Drops file_analyses.streaming_preview. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('file_analyses', (t) => {
    t.dropColumn('streaming_preview');
  });
}
