import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateLatest, MIGRATIONS, rollbackAll } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];
const OUR_TABLES = [
  'agenda_jobs',
  'campaign_recipients',
  'campaigns',
  'customer_messages',
  'customer_paid_day_stats',
  'customer_summaries',
  'customer_totals',
  'email_messages',
  'email_templates',
  'file_analyses',
  'invoice_counters',
  'invoices',
  'legal_document_versions',
  'login_codes',
  'marketing_consents',
  'order_day_stats',
  'order_files',
  'orders',
  'order_status_history',
  'payment_day_stats',
  'payment_events',
  'payments',
  'rate_limits',
  'sessions',
  'settings',
  'settings_audit',
  'showcase_tracks',
  'testimonials',
  'unsubscribes',
  'uploads',
  'users',
  // 015_fulfilment_totals
  'order_file_totals',
  'order_status_totals',
  // 020_revisions
  'master_versions',
  'revision_requests',
  // 021_refunds_late_abandoned
  'admin_digests',
  'refund_requests',
  'refunds',
  // 025_popia
  'deletion_requests',
  // 026_ratings
  'order_ratings',
  // 033_genre_day_stats
  'genre_day_stats',
  'order_genres',
  // 034_customer_paid_days
  'customer_paid_days',
  // 075_disk_reservations
  'disk_reservations',
  // 090_mix_checks
  'mix_checks',
];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.destroy();
});

async function tables(): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r: { table_name: string }) => r.table_name);
}

async function ourFunctions(): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
  );
  return rows.map((r: { proname: string }) => r.proname);
}

it('migrates a fresh database up, all the way down, and up again', async () => {
  expect(await tables()).toEqual([]);

  expect(await migrateLatest(db.knex)).toEqual(MIGRATIONS.map((m) => m.name));
  expect(await tables()).toEqual([...OUR_TABLES, ...KNEX_TABLES].sort());
  expect(await migrateLatest(db.knex)).toEqual([]);

  expect(await rollbackAll(db.knex)).toEqual(MIGRATIONS.map((m) => m.name).reverse());
  expect(await tables()).toEqual(KNEX_TABLES);
  expect(await ourFunctions()).toEqual([]);

  await migrateLatest(db.knex);
  expect(await tables()).toEqual([...OUR_TABLES, ...KNEX_TABLES].sort());
});
