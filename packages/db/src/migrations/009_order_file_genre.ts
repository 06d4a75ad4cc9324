import type { Knex } from 'knex';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const GENRES = [
  'Electronic',
  'Rock',
  'Jazz',
  'Pop',
  'Hip-Hop',
  'R&B',
  'Country',
  'Classical',
  'Blues',
  'Folk',
] as const;

/** The genre a customer may give a track when ordering (optional), so analytics can group orders by it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.text('genre').checkIn([...GENRES], 'order_files_genre_check');
    t.index(['genre']);
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_files', (t) => {
    t.dropIndex(['genre']);
    t.dropChecks(['order_files_genre_check']);
    t.dropColumn('genre');
  });
}
