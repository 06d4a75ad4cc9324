import type { Knex } from 'knex';

/**
 * Direct uploads (issue 53): with S3 storage a browser sends an upload's bytes straight to the bucket as
 * a multipart upload, through the protocol `s3`; the row keeps the bucket's id of that multipart upload
 * so the storefront signs parts and completes only the one it began.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.text('multipart_id');
  });
  await knex.raw('alter table uploads drop constraint uploads_protocol_check');
  await knex.raw("alter table uploads add constraint uploads_protocol_check check (protocol in ('put', 'tus', 's3'))");
}

/** Back to PUT and tus only (direct uploads under way lose their multipart id). */
export async function down(knex: Knex): Promise<void> {
  await knex('uploads').where('protocol', 's3').update({ protocol: null });
  await knex.raw('alter table uploads drop constraint uploads_protocol_check');
  await knex.raw("alter table uploads add constraint uploads_protocol_check check (protocol in ('put', 'tus'))");
  await knex.schema.alterTable('uploads', (t) => {
    t.dropColumn('multipart_id');
  });
}
