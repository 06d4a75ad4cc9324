import type { Knex } from 'knex';
import { createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Issue 25 Deliver 4-6: money back, late orders, abandoned checkouts. Literal values, frozen here.

/** Every order status as of this migration (revision_requested is issue 25's revision state). */
const ORDER_STATUSES = [
  'pending_payment',
  'payment_confirmed',
  'in_progress',
  'mastered',
  'delivered',
  'revision_requested',
  'cancelled',
  'refund_pending',
  'refunded',
  'expired',
] as const;
/** Before this migration. */
const OLD_ORDER_STATUSES = [
  'pending_payment',
  'payment_confirmed',
  'in_progress',
  'mastered',
  'delivered',
  'cancelled',
];

/** Paid statuses (money in): 014's four, a revision round, and a refund Yoco has not finished. */
const PAID = ['payment_confirmed', 'in_progress', 'mastered', 'delivered', 'revision_requested', 'refund_pending'];
const OLD_PAID = ['payment_confirmed', 'in_progress', 'mastered', 'delivered'];

const STATUS_COLUMNS = [
  ['orders', 'status'],
  ['order_status_history', 'from_status'],
  ['order_status_history', 'to_status'],
] as const;

async function setStatusChecks(knex: Knex, values: readonly string[]): Promise<void> {
  const list = values.map((v) => `'${v}'`).join(', ');
  for (const [table, column] of STATUS_COLUMNS) {
    await knex.raw(`alter table ${table} drop constraint ${table}_${column}_check`);
    await knex.raw(`alter table ${table} add constraint ${table}_${column}_check check (${column} in (${list}))`);
  }
}

/** 014's paid_order_status, redefined (no order held the new statuses before, so the summaries stay exact). */
async function setPaid(knex: Knex, values: readonly string[]): Promise<void> {
  await knex.raw(`
    create or replace function paid_order_status(status text) returns boolean language sql immutable parallel safe as $$
      select status = any (array[${values.map((v) => `'${v}'`).join(', ')}]::text[])
    $$`);
}

/**
 * 014's paid statuses as of this migration, with the summaries rebuilt on them (also for a test that
 * rebuilds 014 on a newer database: 014 alone would bring back its four).
 */
export async function redefinePaidStatuses(knex: Knex): Promise<void> {
  await setPaid(knex, PAID);
  await knex.raw('select rebuild_business_summaries()');
}

/**
 * The new order statuses; `refunds` (each refund staff issue through Yoco, with its idempotency key and
 * outcome); `refund_requests` (a customer's "Not happy?" that staff answer); on orders the engineer's
 * new expected time and when the delayed mail and the payment reminder went out (each sent once);
 * `admin_digests`, one row per digest sent (one a day).
 */
export async function up(knex: Knex): Promise<void> {
  await setStatusChecks(knex, ORDER_STATUSES);
  await redefinePaidStatuses(knex);
  await knex.schema.createTable('refunds', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.uuid('payment_id').notNullable().references('payments.id').onDelete('CASCADE');
    t.integer('amount_cents').notNullable();
    t.check('amount_cents > 0', [], 'refunds_amount_positive_check');
    t.text('currency').notNullable().defaultTo('ZAR');
    t.text('reason').notNullable();
    oneOf(t, 'refunds', 'status', ['pending', 'succeeded', 'failed'], 'pending');
    /** Sent to Yoco with the refund call: a retried call is the same refund, never a second one. */
    t.text('idempotency_key').notNullable().unique();
    /** Yoco's refund id, once its webhook names it. */
    t.text('provider_refund_id');
    t.text('failure_reason');
    /** Where the order returns when the refund is partial or fails. */
    t.text('return_status').notNullable();
    t.uuid('requested_by').references('users.id').onDelete('SET NULL');
    createdAt(knex, t);
    t.timestamp('processed_at', { useTz: true });
    t.index(['order_id', 'created_at']);
  });
  await knex.schema.createTable('refund_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('message').notNullable();
    t.text('answer');
    t.uuid('answered_by').references('users.id').onDelete('SET NULL');
    t.timestamp('answered_at', { useTz: true });
    createdAt(knex, t);
    t.index(['answered_at', 'created_at']);
  });
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('expected_at', { useTz: true });
    t.timestamp('delay_notified_at', { useTz: true });
    t.timestamp('payment_reminder_sent_at', { useTz: true });
  });
  await knex.raw('create table admin_digests (kind text not null, day date not null, primary key (kind, day))');
}

/** Drops what `up` added (orders in the new statuses must be moved first, or the old CHECK refuses them). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table admin_digests');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('expected_at');
    t.dropColumn('delay_notified_at');
    t.dropColumn('payment_reminder_sent_at');
  });
  await knex.schema.dropTable('refund_requests');
  await knex.schema.dropTable('refunds');
  await setPaid(knex, OLD_PAID);
  await setStatusChecks(knex, OLD_ORDER_STATUSES);
}
