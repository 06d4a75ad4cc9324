import type { Knex } from 'knex';

/**
 * A login code's purpose (issue 26 Deliver 5): `login` signs in (and makes a customer account), while
 * `data-access` only proves the address for the Your data page (POPIA access and deletion) and never
 * creates a user. Codes of one purpose never verify for the other.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_codes', (t) => {
    t.text('purpose').notNullable().defaultTo('login');
  });
  await knex.raw(
    "alter table login_codes add constraint login_codes_purpose_check check (purpose in ('login', 'data-access'))",
  );
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_codes', (t) => {
    t.dropColumn('purpose');
  });
}
