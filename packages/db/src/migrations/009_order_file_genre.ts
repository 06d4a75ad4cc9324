import type { Knex } from 'knex';
import { GENRES } from '@mastering/contracts';

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
