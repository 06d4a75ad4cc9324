import type { Knex } from 'knex';
import { MESSAGE_TYPES, ORDER_STATUSES } from '@mastering/contracts';
import { createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Marks the status history table as created here: the fulfilment migration (011) creates the same
// table, and `down` must only drop it when this migration made it.
const HISTORY_MARK = 'created by 012_business';

/**
 * The back-office business screens: the customer messages sent (with their type), an audit row for
 * every settings save, the indexes behind the payments and analytics filters, and the order status
 * history the analytics read (created only where 011 has not created it already).
 */
export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('order_status_history'))) {
    await knex.schema.createTable('order_status_history', (t) => {
      uuidPrimaryKey(knex, t);
      t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
      t.text('from_status').checkIn([...ORDER_STATUSES], 'order_status_history_from_status_check');
      oneOf(t, 'order_status_history', 'to_status', ORDER_STATUSES).notNullable();
      t.uuid('changed_by').references('id').inTable('users').onDelete('SET NULL');
      t.text('note');
      createdAt(knex, t);
      t.index(['order_id', 'created_at']);
      t.index(['to_status', 'created_at']);
    });
    // A constant, so inlining it is safe (COMMENT takes no bind parameters).
    await knex.raw(`comment on table order_status_history is '${HISTORY_MARK}'`);
  }

  await knex.schema.createTable('customer_messages', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('customer_email').notNullable();
    oneOf(t, 'customer_messages', 'message_type', MESSAGE_TYPES).notNullable();
    t.text('subject').notNullable();
    t.uuid('sent_by').references('id').inTable('users').onDelete('SET NULL');
    // The queued email.send job, so the message can be found in the outbox (email_messages.job_id).
    t.text('job_id');
    createdAt(knex, t);
  });
  await knex.raw('create index customer_messages_email_lower_index on customer_messages (lower(customer_email), created_at)');

  await knex.schema.createTable('settings_audit', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('changed_by').references('id').inTable('users').onDelete('SET NULL');
    // The sections whose stored value changed in this save (e.g. ["pricing", "email"]).
    t.specificType('sections', 'text[]').notNullable();
    createdAt(knex, t);
    t.index(['created_at']);
  });

  // Payments screen: a date range with a status filter; analytics: paid orders per period.
  await knex.raw('create index payments_status_created_at_index on payments (status, created_at)');
  await knex.raw('create index orders_created_at_status_index on orders (created_at, status) include (total_cents, customer_email)');
}

/** Drops what `up` created (the status history only when this migration created it). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_created_at_status_index');
  await knex.raw('drop index payments_status_created_at_index');
  await knex.schema.dropTable('settings_audit');
  await knex.schema.dropTable('customer_messages');
  const { rows } = await knex.raw(`select obj_description('order_status_history'::regclass, 'pg_class') as mark`).catch(() => ({ rows: [] }));
  if (rows[0]?.mark === HISTORY_MARK) await knex.schema.dropTable('order_status_history');
}
