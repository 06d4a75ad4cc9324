import type { Knex } from 'knex';
import { check, createdAt, oneOf, timestamps, touchUpdatedAt, uniqueLowerIndex, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const TEMPLATE_TYPES = [
  'welcome_email',
  'email_verification',
  'password_reset',
  'profile_completion_reminder',
  'order_confirmation',
  'payment_receipt',
  'order_failed_payment_declined',
  'refund_processed',
  'track_upload_confirmation',
  'order_in_progress',
  'mastering_complete',
  'order_delayed',
  'engineer_notes',
  'support_ticket_created',
  'support_ticket_resolved',
  'faq_help_guide',
  'before_after_showcase',
  'special_offer_discount',
  'feedback_request',
  're_engagement_inactive_users',
  'upsell_cross_sell',
  'newsletter',
  'privacy_policy_update',
  'data_download_deletion_confirmation',
  'promotion',
  'announcement',
  'custom',
] as const;
const CAMPAIGN_TEMPLATES = ['newsletter', 'promotion', 'announcement', 'custom'] as const;
const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
const RECIPIENT_TYPES = ['all', 'active', 'vip', 'custom'] as const;
const EMAIL_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'bounced'] as const;

/** Email templates, marketing campaigns and their recipients, the outbox/log of every message, unsubscribes. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_templates', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('name').notNullable().unique();
    t.text('subject').notNullable();
    t.text('html_content').notNullable();
    t.text('text_content');
    oneOf(t, 'email_templates', 'type', TEMPLATE_TYPES, 'custom');
    t.text('description');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_system').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.index(['type']);
  });
  await touchUpdatedAt(knex, 'email_templates');

  await knex.schema.createTable('campaigns', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('subject').notNullable();
    t.text('content').notNullable();
    oneOf(t, 'campaigns', 'template', CAMPAIGN_TEMPLATES, 'custom');
    oneOf(t, 'campaigns', 'status', CAMPAIGN_STATUSES, 'draft');
    oneOf(t, 'campaigns', 'recipient_type', RECIPIENT_TYPES, 'all');
    t.jsonb('custom_recipients');
    t.integer('recipient_count').notNullable().defaultTo(0);
    t.timestamp('scheduled_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.integer('delivered_count').notNullable().defaultTo(0);
    t.integer('opened_count').notNullable().defaultTo(0);
    t.integer('clicked_count').notNullable().defaultTo(0);
    t.integer('bounced_count').notNullable().defaultTo(0);
    t.uuid('created_by').references('id').inTable('users').onDelete('SET NULL');
    timestamps(knex, t);
    check(t, 'campaigns', 'subject', 'char_length(subject) between 1 and 100');
    check(
      t,
      'campaigns',
      'counts',
      'recipient_count >= 0 and delivered_count >= 0 and opened_count >= 0 and clicked_count >= 0 and bounced_count >= 0',
    );
    t.index(['status']);
    t.index(['created_at']);
    t.index(['scheduled_at']);
  });
  await touchUpdatedAt(knex, 'campaigns');

  await knex.schema.createTable('email_messages', (t) => {
    uuidPrimaryKey(knex, t);
    // The queue job that owns this message: a retried job finds its row instead of sending twice.
    t.text('job_id').unique();
    t.text('to_email').notNullable();
    t.text('from_email').notNullable();
    t.text('subject').notNullable();
    t.text('html');
    t.text('text');
    t.text('template');
    oneOf(t, 'email_messages', 'status', EMAIL_MESSAGE_STATUSES, 'queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.text('provider_message_id');
    t.uuid('campaign_id').references('id').inTable('campaigns').onDelete('SET NULL');
    t.uuid('order_id').references('id').inTable('orders').onDelete('SET NULL');
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    timestamps(knex, t);
    t.index(['status']);
    t.index(['created_at']);
    t.index(['campaign_id']);
    t.index(['order_id']);
  });
  await touchUpdatedAt(knex, 'email_messages');

  await knex.schema.createTable('campaign_recipients', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('campaign_id').notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
    t.text('email').notNullable();
    oneOf(t, 'campaign_recipients', 'status', CAMPAIGN_RECIPIENT_STATUSES, 'pending');
    t.uuid('email_message_id').references('id').inTable('email_messages').onDelete('SET NULL');
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('opened_at', { useTz: true });
    t.timestamp('clicked_at', { useTz: true });
    createdAt(knex, t);
    // A resumed campaign sends to what is still pending for it.
    t.index(['campaign_id', 'status']);
  });
  await uniqueLowerIndex(knex, 'campaign_recipients', 'email', ['campaign_id']);

  await knex.schema.createTable('unsubscribes', (t) => {
    t.text('email').primary();
    t.text('reason');
    createdAt(knex, t);
    check(t, 'unsubscribes', 'email_lower', 'email = lower(email)');
  });
}

/** Drops what `up` created, dependants first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('unsubscribes');
  await knex.schema.dropTable('campaign_recipients');
  await knex.schema.dropTable('email_messages');
  await knex.schema.dropTable('campaigns');
  await knex.schema.dropTable('email_templates');
}
