import type { Knex } from 'knex';

// Idempotency keys (issue 53): a write sent again with the same Idempotency-Key (its first answer was
// lost to a cut connection, a killed gateway or replica) gets the first answer instead of being
// applied twice. One row per (scope, client, key): the scope is the write (`orders`), the client the
// browser that sent it (its user or guest key hash), so nobody can read another's answer by guessing
// its key. The row is written in the write's own transaction, so it exists exactly when the write
// committed; a concurrent request with the same key waits on the row's insert, then finds the answer.

/** Creates idempotency_keys. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.text('scope').notNullable();
    t.text('client').notNullable();
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.jsonb('answer');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['scope', 'client', 'key']);
    t.index(['created_at']);
  });
}

/** Drops idempotency_keys. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
}
