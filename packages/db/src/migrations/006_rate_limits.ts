import type { Knex } from 'knex';

/**
 * Counters of rate-limiter-flexible's PostgreSQL store (login code requests per email and per IP),
 * shared by every replica of a service. Its exact shape is the library's; we create it here so the
 * schema has one history and the services never run DDL.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
    t.index(['expire']);
  });
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
