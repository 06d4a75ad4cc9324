import type { Knex } from 'knex';
import { check, createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const UPLOAD_STATUSES = ['pending', 'completed'] as const;
const UPLOAD_PROTOCOLS = ['put', 'tus'] as const;

/**
 * Uploads: one row per upload URL the storefront hands out, tying the stored object to the browser
 * that uploaded it (a guest's hashed cookie or the signed-in user) and, once ordered, to its order
 * file. Orders remember the guest too, so only the buying browser can read its order back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploads', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('object_key').notNullable().unique();
    oneOf(t, 'uploads', 'status', UPLOAD_STATUSES, 'pending');
    // Which way the bytes arrive (one PUT or tus), fixed by the first write so the two never mix.
    oneOf(t, 'uploads', 'protocol', UPLOAD_PROTOCOLS);
    t.text('guest_key_hash');
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.uuid('order_file_id').unique().references('id').inTable('order_files').onDelete('SET NULL');
    t.text('original_name');
    t.text('content_type');
    t.bigInteger('size');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
    createdAt(knex, t);
    check(t, 'uploads', 'size', 'size is null or size >= 0');
    check(t, 'uploads', 'owner', 'guest_key_hash is not null or user_id is not null');
    t.index(['created_at']);
    t.index(['guest_key_hash']);
    t.index(['user_id']);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.text('guest_key_hash');
    t.index(['guest_key_hash']);
  });
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['guest_key_hash']);
    t.dropColumn('guest_key_hash');
  });
  await knex.schema.dropTable('uploads');
}
