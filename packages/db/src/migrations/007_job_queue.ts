import type { Knex } from 'knex';
import {
  getCreateIndexesSQL,
  getCreateTableSQL,
  getDropTableSQL,
  getUpdateTimestampTriggerSQL,
} from '@agendajs/postgres-backend';

/** agenda's job table; the queue (packages/jobs) names it and tells agenda not to create it itself. */
export const JOB_TABLE = 'agenda_jobs';

/**
 * The job queue's table, in the library's own shape (its exported DDL). Created here, under the
 * migration lock, because agenda's create-on-connect from several processes at once (storefront and
 * email start together) races in PostgreSQL's catalog (`pg_type_typname_nsp_index`). When an agenda
 * upgrade adds columns, add a migration with them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(getCreateTableSQL(JOB_TABLE));
  for (const sql of getCreateIndexesSQL(JOB_TABLE)) await knex.raw(sql);
  await knex.raw(getUpdateTimestampTriggerSQL(JOB_TABLE));
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(getDropTableSQL(JOB_TABLE));
  await knex.raw(`drop function if exists update_${JOB_TABLE}_updated_at()`);
}
