import type { Knex } from 'knex';

// Credit notes reach the customer (issue 50): each credit note names the refund it credits, so the refund
// mail attaches it and the order page and the admin order dialog link each refund to its PDF. A refund has
// at most one credit note (a replayed success webhook issues none twice).

/** Adds invoices.refund_id and links the credit notes issued before it to their refunds. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.uuid('refund_id').references('id').inTable('refunds').onDelete('SET NULL');
  });
  await knex.raw('create unique index invoices_one_per_refund on invoices (refund_id) where refund_id is not null');
  // Earlier credit notes were issued one per succeeded refund, with its amount and reason: pair them in
  // the order both were made.
  await knex.raw(`
    with notes as (
      select id, order_id, total_cents, reason,
        row_number() over (partition by order_id, total_cents, reason order by issued_at, number) as nth
      from invoices where kind = 'credit_note' and refund_id is null
    ), refunds_done as (
      select id, order_id, amount_cents, reason,
        row_number() over (partition by order_id, amount_cents, reason order by processed_at, created_at, id) as nth
      from refunds where status = 'succeeded'
    )
    update invoices set refund_id = r.id
    from notes n join refunds_done r
      on r.order_id = n.order_id and r.amount_cents = n.total_cents and r.reason = n.reason and r.nth = n.nth
    where invoices.id = n.id`);
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('refund_id');
  });
}
