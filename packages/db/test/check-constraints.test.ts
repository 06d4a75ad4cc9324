import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ANALYSIS_ROLES,
  ANALYSIS_STATUSES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEMPLATES,
  EMAIL_MESSAGE_STATUSES,
  FILE_STATUSES,
  GENRES,
  LOUDNESS_LEVELS,
  MASTERING_STYLES,
  MESSAGE_TYPES,
  ORDER_STATUSES,
  PAYMENT_ATTENTION,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  RECIPIENT_TYPES,
  ROLES,
  TEMPLATE_TYPES,
  TONES,
  UPLOAD_PROTOCOLS,
  UPLOAD_STATUSES,
} from '@mastering/contracts';
import { CAMPAIGN_RECIPIENT_STATUSES } from '../src/enums';
import { CODE_PURPOSES } from '../src/models/login-code';
import {
  InvoiceKind,
  LegalDocumentKind,
  PACK_FORMATS,
  PackFileStatus,
  REFUND_REQUEST_DECISIONS,
  RELEASE_KINDS,
} from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Migrations freeze the values a status column allows (a later enum change cannot rewrite history).
// This test reads every value-list CHECK of a freshly migrated database and compares it with the live
// enum, so an enum changed without the migration that follows it fails here, and a new constrained
// column must be named below.

/** Every `<table>.<column>` constrained to a list of values, with the enum it must equal. */
const ENUM_OF: Record<string, readonly string[]> = {
  'users.role': ROLES,
  'orders.status': ORDER_STATUSES,
  'order_files.mastering_style': MASTERING_STYLES,
  'order_files.tone': TONES,
  'order_files.loudness': LOUDNESS_LEVELS,
  'order_files.processing_status': FILE_STATUSES,
  'order_files.genre': GENRES,
  'payments.status': PAYMENT_STATUSES,
  'payments.attention': PAYMENT_ATTENTION,
  'showcase_tracks.genre': GENRES,
  'email_templates.type': TEMPLATE_TYPES,
  'campaigns.template': CAMPAIGN_TEMPLATES,
  'campaigns.status': CAMPAIGN_STATUSES,
  'campaigns.recipient_type': RECIPIENT_TYPES,
  'email_messages.status': EMAIL_MESSAGE_STATUSES,
  'campaign_recipients.status': CAMPAIGN_RECIPIENT_STATUSES,
  'uploads.status': UPLOAD_STATUSES,
  'uploads.protocol': UPLOAD_PROTOCOLS,
  'order_status_history.from_status': ORDER_STATUSES,
  'order_status_history.to_status': ORDER_STATUSES,
  'customer_messages.message_type': MESSAGE_TYPES,
  'file_analyses.role': ANALYSIS_ROLES,
  'file_analyses.status': ANALYSIS_STATUSES,
  'refunds.status': REFUND_STATUSES,
  'refund_requests.decision': REFUND_REQUEST_DECISIONS,
  'login_codes.purpose': CODE_PURPOSES,
  'invoices.kind': InvoiceKind.options,
  'legal_document_versions.document': LegalDocumentKind.options,
  'pack_files.format': PACK_FORMATS,
  'pack_files.status': PackFileStatus.options,
  'releases.kind': RELEASE_KINDS,
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

/**
 * The allowed values of each value-list CHECK, keyed `<table>.<column>`, as PostgreSQL prints them:
 * `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`.
 */
async function valueListChecks(): Promise<Record<string, string[]>> {
  const { rows } = await db.knex.raw<{ rows: { table: string; definition: string }[] }>(
    `select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'c' and n.nspname = 'public'`,
  );
  const lists: Record<string, string[]> = {};
  for (const { table, definition } of rows) {
    const list = /^CHECK \(\(\(?"?(\w+)"? = ANY \(ARRAY\[(.*)\]\)\)\)?\)$/.exec(definition);
    if (!list) continue;
    const values = [...list[2]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"));
    lists[`${table}.${list[1]}`] = values;
  }
  return lists;
}

it('every status CHECK allows exactly the values of its contracts enum', async () => {
  const lists = await valueListChecks();
  const sorted = (values: readonly string[]) => [...values].sort();
  expect(Object.keys(lists).sort()).toEqual(Object.keys(ENUM_OF).sort());
  for (const [column, values] of Object.entries(lists)) {
    expect({ column, values: sorted(values) }).toEqual({ column, values: sorted(ENUM_OF[column]!) });
  }
});
