// One owner per table (issue 52): the one service that writes each table; any service may read it.
// A change to another service's table is a call to its owner (HTTP inside the cluster, or a job),
// never a write. test/owners.test.ts fails on a table of the migrated schema this map does not name;
// scripts/test/table-owners.test.ts fails on a service's src that writes a table it does not own;
// the table of owners in docs/table-owners.md is checked against this map by the same test.
//
// Adding a table (any migration): add one line here.

/** Who may write a table: a service, agenda's queue (jobs), or nobody but the database itself. */
export type TableOwner = 'storefront' | 'ops' | 'content' | 'email' | 'jobs' | 'database';

/** Why each owner is the one, as the docs' table of owners says it. */
export const OWNER_ROLES: Record<TableOwner, string> = {
  storefront:
    'sign-in and accounts (the Users screen too), orders and their money (payments, refunds, invoices), uploads (masters too), the order page, data requests',
  ops: 'the studio staff: fulfilment (history, master versions, analyses), customer messages, settings, legal texts, erasure runs',
  content: 'the public showcase and testimonials',
  email: 'templates, campaigns, the outbox, unsubscribes and marketing consents',
  jobs: "agenda's queue (written by agenda itself in every service that queues a job)",
  database: 'migrations and triggers only: figures kept by the database from the tables they sum',
};

/** Every table of the schema and its owner. */
export const TABLE_OWNERS: Record<string, TableOwner> = {
  users: 'storefront',
  sessions: 'storefront',
  login_codes: 'storefront',
  rate_limits: 'storefront',
  orders: 'storefront',
  order_files: 'storefront',
  uploads: 'storefront',
  disk_reservations: 'storefront',
  payments: 'storefront',
  payment_events: 'storefront',
  invoices: 'storefront',
  invoice_counters: 'storefront',
  refunds: 'storefront',
  refund_requests: 'storefront',
  revision_requests: 'storefront',
  order_ratings: 'storefront',
  deletion_requests: 'storefront',
  idempotency_keys: 'storefront',
  releases: 'storefront',
  release_tracks: 'storefront',
  release_references: 'storefront',
  order_status_history: 'ops',
  master_versions: 'ops',
  file_analyses: 'ops',
  customer_messages: 'ops',
  settings: 'ops',
  settings_audit: 'ops',
  legal_document_versions: 'ops',
  admin_digests: 'ops',
  erasures: 'ops',
  pack_files: 'ops',
  release_measures: 'ops',
  mix_checks: 'ops',
  showcase_tracks: 'content',
  testimonials: 'content',
  email_templates: 'email',
  campaigns: 'email',
  campaign_recipients: 'email',
  email_messages: 'email',
  unsubscribes: 'email',
  marketing_consents: 'email',
  agenda_jobs: 'jobs',
  customer_summaries: 'database',
  customer_totals: 'database',
  customer_paid_day_stats: 'database',
  customer_paid_days: 'database',
  delivery_day_stats: 'database',
  genre_day_stats: 'database',
  order_day_stats: 'database',
  order_deliveries: 'database',
  order_file_totals: 'database',
  order_genres: 'database',
  order_status_totals: 'database',
  payment_day_stats: 'database',
  knex_migrations: 'database',
  knex_migrations_lock: 'database',
};

/** The tables `owner` writes, in the map's order. */
export const tablesOwnedBy = (owner: TableOwner): string[] =>
  Object.entries(TABLE_OWNERS).flatMap(([table, by]) => (by === owner ? [table] : []));
