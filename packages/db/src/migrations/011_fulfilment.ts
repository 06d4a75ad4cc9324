import type { Knex } from 'knex';
import { createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const ORDER_STATUSES = [
  'pending_payment',
  'payment_confirmed',
  'in_progress',
  'mastered',
  'delivered',
  'cancelled',
] as const;

/**
 * Fulfilment: who changed an order's status and why (order_status_history), which engineer took an
 * order (orders.assigned_to), which upload is a file's master (uploads.mastered_file_id, so the sweep
 * of abandoned uploads leaves it alone), and the indexes the admin lists sort and filter by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_status_history', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    oneOf(t, 'order_status_history', 'from_status', ORDER_STATUSES);
    oneOf(t, 'order_status_history', 'to_status', ORDER_STATUSES).notNullable();
    t.uuid('changed_by').references('id').inTable('users').onDelete('SET NULL');
    t.text('note');
    createdAt(knex, t);
    t.index(['order_id', 'created_at']);
    t.index(['to_status', 'created_at']);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.uuid('assigned_to').references('id').inTable('users').onDelete('SET NULL');
    t.index(['assigned_to', 'created_at']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.alterTable('uploads', (t) => {
    t.uuid('mastered_file_id').references('id').inTable('order_files').onDelete('SET NULL');
    t.index(['mastered_file_id']);
  });
  await knex.schema.alterTable('order_files', (t) => {
    t.index(['processing_status', 'uploaded_at']);
    t.index(['mastering_style', 'uploaded_at']);
  });
  // Searches match any part of an email or file name: trigram indexes keep that fast on large lists.
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw(
    'create index orders_customer_email_trgm_index on orders using gin (lower(customer_email) gin_trgm_ops)',
  );
  await knex.raw(
    'create index order_files_original_name_trgm_index on order_files using gin (lower(original_name) gin_trgm_ops)',
  );
  // The 48-hour clock: open paid orders by when they were paid (dashboard and list deadline flags).
  await knex.raw(
    `create index orders_open_paid_at_index on orders (paid_at) where status in ('payment_confirmed', 'in_progress', 'mastered')`,
  );
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_open_paid_at_index');
  await knex.raw('drop index order_files_original_name_trgm_index');
  await knex.raw('drop index orders_customer_email_trgm_index');
  await knex.raw('drop extension if exists pg_trgm');
  await knex.schema.alterTable('order_files', (t) => {
    t.dropIndex(['processing_status', 'uploaded_at']);
    t.dropIndex(['mastering_style', 'uploaded_at']);
  });
  await knex.schema.alterTable('uploads', (t) => {
    t.dropIndex(['mastered_file_id']);
    t.dropColumn('mastered_file_id');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['assigned_to', 'created_at']);
    t.dropIndex(['status', 'created_at']);
    t.dropColumn('assigned_to');
  });
  await knex.schema.dropTable('order_status_history');
}
