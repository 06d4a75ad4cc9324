import type { Knex } from 'knex';
import { createdAt, oneOf, uuidPrimaryKey } from './helpers';

// Frozen here (a later document needs a new migration).
const LEGAL_DOCUMENTS = ['terms', 'privacy', 'refunds'] as const;
const INVOICE_KINDS = ['full_tax_invoice', 'abridged_tax_invoice', 'receipt', 'credit_note'] as const;

/**
 * Ready to trade (issue 26): the uploads owner rule, the legal documents' versions, and the consent
 * an order is placed with.
 */
export async function up(knex: Knex): Promise<void> {
  await uploadsOwnerOnInsert(knex);
  // Each save of a legal document is a new version; the newest is in force, the older ones are its history.
  await knex.schema.createTable('legal_document_versions', (t) => {
    uuidPrimaryKey(knex, t);
    oneOf(t, 'legal_document_versions', 'document', LEGAL_DOCUMENTS).notNullable();
    t.integer('version').notNullable();
    t.text('markdown').notNullable();
    t.uuid('created_by').references('id').inTable('users').onDelete('SET NULL');
    createdAt(knex, t);
    t.unique(['document', 'version']);
  });
  // What the customer agreed to before paying (ECTA s43/s44), and whether they asked for marketing mail (POPIA s69).
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('terms_accepted_at', { useTz: true });
    t.text('terms_text_version');
    t.text('terms_client_address');
    t.boolean('marketing_consent').notNullable().defaultTo(false);
  });
  // Gapless serials: one counter row per series, locked (select ... for update) in the paying transaction.
  await knex.schema.createTable('invoice_counters', (t) => {
    t.text('series').primary();
    t.integer('last_serial').notNullable().defaultTo(0);
  });
  await knex('invoice_counters').insert([{ series: 'INV' }, { series: 'CN' }]);
  // The documents as issued: the seller and the buyer copied in, so a later settings change or a
  // deletion request (personal fields blanked) never rewrites what was issued.
  await knex.schema.createTable('invoices', (t) => {
    uuidPrimaryKey(knex, t);
    oneOf(t, 'invoices', 'kind', INVOICE_KINDS).notNullable();
    t.text('number').notNullable().unique();
    t.uuid('order_id').references('id').inTable('orders').onDelete('SET NULL');
    t.uuid('credit_for').references('id').inTable('invoices');
    t.jsonb('seller').notNullable();
    t.text('customer_email');
    t.jsonb('lines').notNullable();
    t.bigInteger('total_cents').notNullable();
    t.bigInteger('vat_cents').notNullable();
    t.text('reason');
    createdAt(knex, t, 'issued_at');
    t.index(['order_id']);
  });
  await knex.raw(
    "create unique index invoices_one_per_order on invoices (order_id) where kind <> 'credit_note' and order_id is not null",
  );
}

/** Drops what `up` added. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoices');
  await knex.schema.dropTable('invoice_counters');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumns('terms_accepted_at', 'terms_text_version', 'terms_client_address', 'marketing_consent');
  });
  await knex.schema.dropTable('legal_document_versions');
  await uploadsOwnerAsCheck(knex);
}

/**
 * An upload is made by someone (a guest's browser or a signed-in user), but it outlives a deleted
 * account: `uploads.user_id` is ON DELETE SET NULL, which the row CHECK `uploads_owner_check` refused
 * for an upload made while signed in, so such a user could never be deleted. The rule now holds when
 * the row is created (a trigger); an upload left without an owner is never reachable by anyone and is
 * removed by the abandoned-uploads sweep unless an order keeps it.
 */
async function uploadsOwnerOnInsert(knex: Knex): Promise<void> {
  await knex.raw('alter table uploads drop constraint uploads_owner_check');
  await knex.raw(`
    create function uploads_owner_on_insert() returns trigger language plpgsql as $$
    begin
      if new.guest_key_hash is null and new.user_id is null then
        raise exception 'an upload needs an owner: a guest key or a user'
          using errcode = 'check_violation', constraint = 'uploads_owner_check', table = 'uploads';
      end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger uploads_owner_on_insert before insert on uploads for each row execute function uploads_owner_on_insert()',
  );
}

/** Restores the row CHECK (ownerless uploads are removed first, as it would refuse them). */
async function uploadsOwnerAsCheck(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists uploads_owner_on_insert on uploads');
  await knex.raw('drop function if exists uploads_owner_on_insert()');
  await knex.raw('delete from uploads where guest_key_hash is null and user_id is null');
  await knex.raw(
    'alter table uploads add constraint uploads_owner_check check (guest_key_hash is not null or user_id is not null)',
  );
}
