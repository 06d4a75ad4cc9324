import type { Knex } from 'knex';
import { createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const MESSAGE_TYPES = ['support', 'marketing', 'technical'] as const;

/**
 * The back-office business screens: the customer messages sent (with their type), an audit row for
 * every settings save, and the indexes behind the payments and analytics filters (the order status
 * history the analytics read comes from 011_fulfilment).
 */
export async function up(knex: Knex): Promise<void> {
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
  await knex.raw(
    'create index customer_messages_email_lower_index on customer_messages (lower(customer_email), created_at)',
  );

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
  await knex.raw(
    'create index orders_created_at_status_index on orders (created_at, status) include (total_cents, customer_email)',
  );
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_created_at_status_index');
  await knex.raw('drop index payments_status_created_at_index');
  await knex.schema.dropTable('settings_audit');
  await knex.schema.dropTable('customer_messages');
}
