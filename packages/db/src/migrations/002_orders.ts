import type { Knex } from 'knex';
import { check, createdAt, oneOf, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

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
const FILE_STATUSES = ['uploaded', 'processing', 'completed', 'error'] as const;
const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
const MASTERING_STYLES = ['Custom', 'Modern', 'Vintage', 'Analog'] as const;
const TONES = ['WARM', 'BALANCED', 'OPEN'] as const;
const LOUDNESS_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;

/** Orders, their audio files, Yoco payments and the webhook event log. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('customer_email').notNullable();
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    oneOf(t, 'orders', 'status', ORDER_STATUSES, 'pending_payment');
    t.integer('unit_price_cents').notNullable();
    t.integer('track_count').notNullable();
    t.integer('discount_percent').notNullable().defaultTo(0);
    t.integer('subtotal_cents').notNullable();
    t.integer('discount_cents').notNullable().defaultTo(0);
    t.integer('total_cents').notNullable();
    t.text('currency').notNullable().defaultTo('ZAR');
    t.text('notes');
    t.timestamp('paid_at', { useTz: true });
    timestamps(knex, t);
    check(
      t,
      'orders',
      'money',
      'unit_price_cents >= 0 and subtotal_cents >= 0 and discount_cents >= 0 and total_cents >= 0',
    );
    check(t, 'orders', 'total', 'total_cents = subtotal_cents - discount_cents');
    check(t, 'orders', 'track_count', 'track_count >= 1');
    check(t, 'orders', 'discount_percent', 'discount_percent between 0 and 100');
    t.index(['status']);
    t.index(['created_at']);
    t.index(['user_id']);
  });
  await knex.raw('create index orders_customer_email_lower_index on orders (lower(customer_email))');
  await touchUpdatedAt(knex, 'orders');

  await knex.schema.createTable('order_files', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.text('original_name').notNullable();
    t.text('file_name').notNullable();
    t.bigInteger('file_size').notNullable();
    t.text('mime_type').notNullable().defaultTo('audio/mpeg');
    t.text('original_file_path').notNullable();
    oneOf(t, 'order_files', 'mastering_style', MASTERING_STYLES, 'Custom');
    oneOf(t, 'order_files', 'tone', TONES, 'BALANCED');
    oneOf(t, 'order_files', 'loudness', LOUDNESS_LEVELS, 'LOW');
    t.boolean('volume_match').notNullable().defaultTo(false);
    oneOf(t, 'order_files', 'processing_status', FILE_STATUSES, 'uploaded');
    t.text('processing_notes');
    t.timestamp('processed_at', { useTz: true });
    t.text('mastered_file_path');
    createdAt(knex, t, 'uploaded_at');
    check(t, 'order_files', 'file_size', 'file_size >= 0');
    t.index(['order_id']);
    t.index(['processing_status']);
    t.index(['mastering_style']);
    t.index(['uploaded_at']);
  });

  await knex.schema.createTable('payments', (t) => {
    uuidPrimaryKey(knex, t);
    // Payments are financial records: an order that has them cannot be deleted.
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('RESTRICT');
    t.text('provider').notNullable().defaultTo('yoco');
    t.text('checkout_id').notNullable().unique();
    t.text('payment_id');
    t.integer('amount_cents').notNullable();
    t.text('currency').notNullable().defaultTo('ZAR');
    t.text('payment_method').notNullable().defaultTo('card');
    oneOf(t, 'payments', 'status', PAYMENT_STATUSES, 'pending');
    t.text('failure_reason');
    t.timestamp('processed_at', { useTz: true });
    timestamps(knex, t);
    check(t, 'payments', 'amount', 'amount_cents >= 0');
    t.index(['status']);
    t.index(['created_at']);
    t.index(['order_id']);
  });
  await touchUpdatedAt(knex, 'payments');

  await knex.schema.createTable('payment_events', (t) => {
    uuidPrimaryKey(knex, t);
    // The webhook's id: a redelivered event hits this unique key and is processed only once.
    t.text('event_id').notNullable().unique();
    t.text('type').notNullable();
    t.jsonb('payload').notNullable();
    t.uuid('payment_id').references('id').inTable('payments').onDelete('SET NULL');
    createdAt(knex, t, 'received_at');
    t.timestamp('processed_at', { useTz: true });
    t.index(['payment_id']);
    t.index(['received_at']);
  });
}

/** Drops what `up` created, dependants first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_events');
  await knex.schema.dropTable('payments');
  await knex.schema.dropTable('order_files');
  await knex.schema.dropTable('orders');
}
