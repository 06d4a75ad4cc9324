import type { Knex } from 'knex';

/**
 * Campaign recipients are claimed in batches under a lease: `claimed_by` is the sending run, and
 * `claimed_until` is when its claim lapses (a run that died leaves rows another run may take after that
 * time). The partial index serves the claim, which walks a campaign's pending rows in id order.
 * Existing rows start unclaimed (both null), which is exactly what they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('campaign_recipients', (t) => {
    t.uuid('claimed_by');
    t.timestamp('claimed_until', { useTz: true });
  });
  await knex.raw(
    `create index campaign_recipients_pending_claim_index on campaign_recipients (campaign_id, id) where status = 'pending'`,
  );
}

/** Drops the index and the lease columns. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists campaign_recipients_pending_claim_index');
  await knex.schema.alterTable('campaign_recipients', (t) => {
    t.dropColumn('claimed_by');
    t.dropColumn('claimed_until');
  });
}
