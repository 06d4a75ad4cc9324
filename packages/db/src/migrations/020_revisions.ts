import type { Knex } from 'knex';
import { createdAt, uuidPrimaryKey } from './helpers';

// Revisions (issue 25): the order status `revision_requested`, the customers' revision requests and
// every master an engineer confirms, kept as numbered versions. Values frozen here, as every migration does.
const ORDER_STATUSES = [
  'pending_payment',
  'payment_confirmed',
  'in_progress',
  'mastered',
  'delivered',
  'revision_requested',
  'cancelled',
] as const;
const ORDER_STATUSES_BEFORE = ORDER_STATUSES.filter((s) => s !== 'revision_requested');
/** The paid statuses (the contract's PAID_ORDER_STATUSES as of this migration). */
const PAID_STATUSES = ['payment_confirmed', 'in_progress', 'mastered', 'delivered', 'revision_requested'] as const;
const PAID_STATUSES_BEFORE = PAID_STATUSES.filter((s) => s !== 'revision_requested');

const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** Every status CHECK of the orders and their history, to `values`. */
async function statusChecks(knex: Knex, values: readonly string[]): Promise<void> {
  for (const [table, column] of [
    ['orders', 'status'],
    ['order_status_history', 'from_status'],
    ['order_status_history', 'to_status'],
  ] as const) {
    const name = `${table}_${column}_check`;
    await knex.raw(`alter table ?? drop constraint ??`, [table, name]);
    await knex.raw(`alter table ?? add constraint ?? check (?? in (${sqlList(values)}))`, [table, name, column]);
  }
}

/** The summaries' paid statuses (migration 014's function), rebuilt so existing rows count the same way. */
async function paidStatuses(knex: Knex, values: readonly string[]): Promise<void> {
  await knex.raw(`
    create or replace function paid_order_status(status text) returns boolean language sql immutable parallel safe as $$
      select status = any (array[${sqlList(values)}]::text[])
    $$`);
  await knex.raw('select rebuild_business_summaries()');
}

/**
 * The paid statuses as of this migration, applied again: for a test that rebuilds migration 014 (whose own
 * copy is older) on a migrated database. A later migration that changes them exports the same function.
 */
export const redefinePaidStatuses = (knex: Knex) => paidStatuses(knex, PAID_STATUSES);

/** Adds `revision_requested`, the revision requests and the master versions (today's masters become v1). */
export async function up(knex: Knex): Promise<void> {
  await statusChecks(knex, ORDER_STATUSES);
  await paidStatuses(knex, PAID_STATUSES);

  await knex.schema.createTable('revision_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.uuid('file_id').notNullable().references('id').inTable('order_files').onDelete('CASCADE');
    /** The track's revision round: 1 for its first request, 2 for the next. */
    t.integer('round').notNullable();
    t.text('note').notNullable();
    /** The time of the track the note is pinned to, in seconds; null when not pinned. */
    t.double('at_seconds');
    createdAt(knex, t);
    t.unique(['file_id', 'round']);
    t.index(['order_id', 'created_at']);
    t.check('round > 0', [], 'revision_requests_round_check');
    t.check('length(note) between 1 and 2000', [], 'revision_requests_note_check');
    t.check('at_seconds is null or at_seconds >= 0', [], 'revision_requests_at_seconds_check');
  });

  await knex.schema.createTable('master_versions', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('file_id').notNullable().references('id').inTable('order_files').onDelete('CASCADE');
    t.integer('version').notNullable();
    /** `/objects/<upload id>`, as order_files.mastered_file_path holds the newest. */
    t.text('mastered_file_path').notNullable();
    createdAt(knex, t);
    t.unique(['file_id', 'version']);
    t.check('version > 0', [], 'master_versions_version_check');
  });
  await knex.raw(`
    insert into master_versions (file_id, version, mastered_file_path, created_at)
    select id, 1, mastered_file_path, coalesce(processed_at, uploaded_at) from order_files where mastered_file_path is not null`);
}

/** Drops the tables; orders in `revision_requested` go back to `delivered` first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('master_versions');
  await knex.schema.dropTable('revision_requests');
  await knex.raw(`update orders set status = 'delivered' where status = 'revision_requested'`);
  await knex.raw(`delete from order_status_history where 'revision_requested' in (from_status, to_status)`);
  await paidStatuses(knex, PAID_STATUSES_BEFORE);
  await statusChecks(knex, ORDER_STATUSES_BEFORE);
}
