import type { Knex } from 'knex';

/**
 * Sign-in nobody can guess and nobody can block (issue 51 Deliver 2). Each emailed code is bound to the
 * browser that asked for it: `browser_hash` is the SHA-256 of a random nonce kept in that browser's
 * HttpOnly cookie, and the code is only compared when the nonce comes with it. `link_hash` is the
 * SHA-256 of the one-time sign-in link the same mail carries (256 random bits), which works from any
 * browser whatever the guess budget. Rows from before have neither: their codes no longer verify, and
 * they expire within minutes anyway.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_codes', (t) => {
    t.text('browser_hash');
    t.text('link_hash');
    t.index(['browser_hash']);
    t.unique(['link_hash']);
  });
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_codes', (t) => {
    t.dropUnique(['link_hash']);
    t.dropIndex(['browser_hash']);
    t.dropColumn('link_hash');
    t.dropColumn('browser_hash');
  });
}
