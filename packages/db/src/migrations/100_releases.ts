import type { Knex } from 'knex';
import { check, createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Releases (issue 55): an EP or album ordered as one unit. One release per order; its tracks are the
// order's files in running order, each with the gap before it (milliseconds; null is "no gap") and at
// most one anchor. Reference tracks are uploads of the customer's, for the release or one of its tracks.
// Values frozen here, as every migration does.
const KINDS = ['ep', 'album'] as const;

/** Creates releases, release_tracks and release_references. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('releases', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().unique().references('id').inTable('orders').onDelete('CASCADE');
    oneOf(t, 'releases', 'kind', KINDS).notNullable();
    t.text('title').notNullable();
    t.text('artist').notNullable();
    t.text('notes');
    createdAt(knex, t);
  });
  await knex.schema.createTable('release_tracks', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('release_id').notNullable().references('id').inTable('releases').onDelete('CASCADE');
    t.uuid('file_id').notNullable().unique().references('id').inTable('order_files').onDelete('CASCADE');
    /** 1-based place in the running order. */
    t.integer('position').notNullable();
    t.integer('gap_ms');
    t.boolean('is_anchor').notNullable().defaultTo(false);
    t.text('notes');
    check(t, 'release_tracks', 'gap', 'gap_ms is null or gap_ms between 0 and 5000');
    t.index(['release_id', 'position']);
  });
  // One anchor per release, whatever writes it.
  await knex.raw('create unique index release_tracks_one_anchor on release_tracks (release_id) where is_anchor');
  await knex.schema.createTable('release_references', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('release_id').notNullable().references('id').inTable('releases').onDelete('CASCADE');
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    /** The track it is for; null: the whole release. */
    t.uuid('file_id').references('id').inTable('order_files').onDelete('CASCADE');
    t.uuid('upload_id').unique().references('id').inTable('uploads').onDelete('SET NULL');
    t.text('original_name').notNullable();
    /** `/objects/<upload id>`; null once retention deleted the audio. */
    t.text('file_path');
    t.specificType('takes', 'text[]').notNullable().defaultTo('{}');
    t.text('note');
    createdAt(knex, t);
    t.index(['release_id']);
  });
}

/** Drops them. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('release_references');
  await knex.schema.dropTable('release_tracks');
  await knex.schema.dropTable('releases');
}
