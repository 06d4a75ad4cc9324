import type { Knex } from 'knex';

// The mix check of every upload before payment (issue 54 item 1): one row per upload, made pending when
// its bytes are stored and filled in by the ops worker. It goes with its upload (the sweep of abandoned
// uploads deletes both). The report is measurements and advice only: nothing personal.

/** Creates mix_checks. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mix_checks', (t) => {
    t.uuid('upload_id').primary().references('uploads.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.text('checker_version');
    t.text('error_reason');
    t.jsonb('report');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('checked_at', { useTz: true });
  });
}

/** Drops mix_checks. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mix_checks');
}
