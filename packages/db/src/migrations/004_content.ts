import type { Knex } from 'knex';
import { check, oneOf, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

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

/** Showcase tracks (the before/after examples) and testimonials. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('showcase_tracks', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('title').notNullable();
    t.text('artist').notNullable();
    oneOf(t, 'showcase_tracks', 'genre', GENRES, 'Electronic');
    t.text('before_description').notNullable();
    t.text('after_description').notNullable();
    t.text('artwork_url');
    t.text('original_audio_url');
    t.text('mastered_audio_url');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('display_order').notNullable().defaultTo(0);
    timestamps(knex, t);
    check(t, 'showcase_tracks', 'display_order', 'display_order >= 0');
    t.index(['is_active', 'display_order']);
    t.index(['display_order']);
  });
  await touchUpdatedAt(knex, 'showcase_tracks');

  await knex.schema.createTable('testimonials', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('name').notNullable();
    t.text('role').notNullable();
    t.text('company');
    t.text('email');
    t.text('content').notNullable();
    t.integer('rating').notNullable().defaultTo(5);
    t.text('results');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.integer('display_order').notNullable().defaultTo(0);
    t.text('avatar_url');
    timestamps(knex, t);
    check(t, 'testimonials', 'rating', 'rating between 1 and 5');
    check(t, 'testimonials', 'display_order', 'display_order >= 0');
    t.index(['is_active', 'display_order']);
    t.index(['display_order']);
  });
  await touchUpdatedAt(knex, 'testimonials');
}

/** Drops what `up` created, dependants first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('testimonials');
  await knex.schema.dropTable('showcase_tracks');
}
