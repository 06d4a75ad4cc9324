import type { Knex } from 'knex';

/**
 * One owner per table (issue 52): the storefront no longer writes a pending row into ops' `mix_checks`
 * when it queues an upload's check; it marks its own upload row instead, and ops' worker writes the
 * check's row when it is done. An upload queued and not checked yet reads pending.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.timestamp('mix_check_queued_at', { useTz: true });
  });
  // Checks queued before this migration and still pending: their uploads were queued then.
  await knex.raw(
    `update uploads set mix_check_queued_at = m.created_at from mix_checks m
     where m.upload_id = uploads.id`,
  );
}

/** Back to the pending rows in mix_checks (an upload queued and not checked yet gets one). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into mix_checks (upload_id, status) select id, 'pending' from uploads
     where mix_check_queued_at is not null on conflict (upload_id) do nothing`,
  );
  await knex.schema.alterTable('uploads', (t) => {
    t.dropColumn('mix_check_queued_at');
  });
}
