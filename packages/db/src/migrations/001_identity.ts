import type { Knex } from 'knex';
import { createdAt, oneOf, timestamps, touchUpdatedAt, uniqueLowerIndex, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const ROLES = ['customer', 'engineer', 'admin'] as const;

/** Users, passwordless login codes and sessions; plus the updated_at trigger function every table uses. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function touch_updated_at() returns trigger language plpgsql as $$
    begin
      new.updated_at = now();
      return new;
    end
    $$`);

  await knex.schema.createTable('users', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('email').notNullable();
    t.text('first_name');
    t.text('last_name');
    oneOf(t, 'users', 'role', ROLES, 'customer');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.text('profile_image_url');
    timestamps(knex, t);
    t.index(['role']);
    t.index(['created_at']);
  });
  await uniqueLowerIndex(knex, 'users', 'email');
  await touchUpdatedAt(knex, 'users');

  await knex.schema.createTable('login_codes', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('email').notNullable();
    t.text('code_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('consumed_at', { useTz: true });
    t.text('requested_ip');
    createdAt(knex, t);
    // Verification looks up the newest unused code of an address; cleanup goes by expiry.
    t.index(['email', 'created_at']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('sessions', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('token_hash').notNullable().unique();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    createdAt(knex, t);
    t.timestamp('last_seen_at', { useTz: true });
    t.text('ip');
    t.text('user_agent');
    t.index(['user_id']);
    t.index(['expires_at']);
  });
}

/** Drops what `up` created, dependants first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('login_codes');
  await knex.schema.dropTable('users');
  await knex.raw('drop function touch_updated_at()');
}
