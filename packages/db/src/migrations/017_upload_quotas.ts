import type { Knex } from 'knex';

/**
 * Upload limits: which client address opened an upload (public uploads only; staff masters have none),
 * and the size its first write declared, so the bytes a visitor or address holds are counted before
 * they arrive. (Unpaid orders are found by age through orders' existing (status, created_at) index.)
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.text('client_address');
    t.bigInteger('declared_size');
    t.index(['client_address']);
  });
  await knex.raw(
    `alter table uploads add constraint uploads_declared_size_check check (declared_size is null or declared_size >= 0)`,
  );
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.dropIndex(['client_address']);
    t.dropChecks(['uploads_declared_size_check']);
    t.dropColumn('declared_size');
    t.dropColumn('client_address');
  });
}
