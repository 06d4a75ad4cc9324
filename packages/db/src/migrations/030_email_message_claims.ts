import type { Knex } from 'knex';

/**
 * A single mail is claimed under a lease while it goes out, as campaign recipients are (016):
 * `claimed_by` is the sending run, `claimed_until` when its claim lapses. A worker killed mid-send
 * leaves the row in `sending` under a claim that runs out, so another worker sends it; a live claim
 * keeps a second run of the same job from sending it twice. Existing rows start unclaimed (both null).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_messages', (t) => {
    t.uuid('claimed_by');
    t.timestamp('claimed_until', { useTz: true });
  });
}

/** Drops the lease columns. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_messages', (t) => {
    t.dropColumn('claimed_by');
    t.dropColumn('claimed_until');
  });
}
