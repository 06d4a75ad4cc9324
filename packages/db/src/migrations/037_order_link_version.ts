import type { Knex } from 'knex';

// Revocable order links (issue 51 Deliver 8): every order-page link carries the generation of the order's
// links it was minted for; staff revoking them moves `link_version` on, and links of an earlier one stop
// working (a new link is mailed to the customer). Links minted before carry none and count as 0.

/** Adds the order's link generation, 0 for every order there is. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.integer('link_version').notNullable().defaultTo(0);
  });
}

/** Drops it. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('link_version');
  });
}
