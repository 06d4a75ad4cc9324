import type { Knex } from 'knex';

/**
 * Issue 25's leftovers: what staff decided on a customer's refund request (`approved` or `declined`,
 * mailed to the customer with the answer). Requests answered before this keep a null decision.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refund_requests', (t) => {
    t.text('decision');
    t.check(`decision in ('approved', 'declined')`, [], 'refund_requests_decision_check');
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refund_requests', (t) => {
    t.dropChecks('refund_requests_decision_check');
    t.dropColumn('decision');
  });
}
