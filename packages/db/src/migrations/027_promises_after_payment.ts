import type { Knex } from 'knex';

/**
 * Issue 25's leftovers: what staff decided on a customer's refund request (`approved` or `declined`,
 * mailed to the customer with the answer; requests answered before this keep a null decision), and
 * each master version's own measured loudness, written when its analysis finishes: the file's master
 * analysis row is replaced by the next version's, so v1's figures would otherwise be lost.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('master_versions', (t) => {
    t.double('integrated_lufs');
    t.double('true_peak_dbtp');
  });
  await knex.schema.alterTable('refund_requests', (t) => {
    t.text('decision');
    t.check(`decision in ('approved', 'declined')`, [], 'refund_requests_decision_check');
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('master_versions', (t) => {
    t.dropColumn('integrated_lufs');
    t.dropColumn('true_peak_dbtp');
  });
  await knex.schema.alterTable('refund_requests', (t) => {
    t.dropChecks('refund_requests_decision_check');
    t.dropColumn('decision');
  });
}
