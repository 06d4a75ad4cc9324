import type { Knex } from 'knex';

// Marketing consent is confirmed (issue 51 finding 5, POPIA s69): a ticked box at checkout is only a
// request until the address confirms it through the mailed link (double opt-in). One row per address:
// when the last confirmation mail was asked for, and when the address confirmed. Ticks recorded on
// orders before this were never confirmed, so they start no row: they do not count.

/** Creates marketing_consents. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('marketing_consents', (t) => {
    t.text('email').primary();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('confirmed_at', { useTz: true });
  });
}

/** Drops marketing_consents. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('marketing_consents');
}
