import type { Knex } from 'knex';
import { check, oneOf, uuidPrimaryKey } from './helpers';

// Allowed values as of this migration, frozen here: a later change of the contracts enum needs a new
// migration (packages/db/test/check-constraints.test.ts fails until one exists).
const ANALYSIS_ROLES = ['original', 'master'] as const;
const ANALYSIS_STATUSES = ['ok', 'error'] as const;

/**
 * File analyses: the measured loudness, peaks, format and waveform of an order file's original upload
 * and of its master, one row per file, role and analyser version (re-analysis overwrites that row).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_analyses', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('file_id').notNullable().references('id').inTable('order_files').onDelete('CASCADE');
    oneOf(t, 'file_analyses', 'role', ANALYSIS_ROLES).notNullable();
    t.text('analyser_version').notNullable();
    oneOf(t, 'file_analyses', 'status', ANALYSIS_STATUSES).notNullable();
    t.text('error_reason');
    t.double('integrated_lufs');
    t.double('loudness_range_lu');
    t.double('sample_peak_dbfs');
    t.double('true_peak_dbtp');
    t.double('duration_seconds');
    t.integer('sample_rate');
    t.integer('bit_depth');
    t.integer('channels');
    t.text('codec');
    t.jsonb('waveform').notNullable().defaultTo('[]');
    t.timestamp('analysed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['file_id', 'role', 'analyser_version']);
    // A flagged file always says why, and a measured one never carries a stale reason.
    check(t, 'file_analyses', 'error_reason', "(status = 'error') = (error_reason is not null)");
  });
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('file_analyses');
}
