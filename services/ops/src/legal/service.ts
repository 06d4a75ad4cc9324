import type { Knex } from 'knex';
import {
  DELIVERY_HOURS,
  RETENTION_SETTING_KEYS,
  retentionPeriodText,
  fillLegalPlaceholders,
  LEGAL_DOCUMENTS,
  studioIdentityLines,
  supportAddressOf,
  type AdminLegalDocument,
  type LegalDocument,
  type LegalDocumentKind,
  type LegalPlaceholders,
} from '@mastering/contracts';
import { LegalDocumentVersion, Setting } from '@mastering/db';
import { DEFAULT_LEGAL_MARKDOWN } from './defaults';
import { renderLegalMarkdown } from './render';

/** The values of a legal document's placeholders, from Settings → General, Delivery, Revisions and Security. */
async function placeholders(knex: Knex): Promise<LegalPlaceholders> {
  const [general, delivery, security] = await Promise.all([
    Setting.section(knex, 'general'),
    Setting.section(knex, 'delivery'),
    Setting.section(knex, 'security'),
  ]);
  const kept = (ending: keyof typeof RETENTION_SETTING_KEYS) =>
    retentionPeriodText(security[RETENTION_SETTING_KEYS[ending]]);
  return {
    legalName: general.legalName || general.siteName,
    registrationNumber: general.registrationNumber,
    vatNumber: general.vatNumber,
    physicalAddress: general.physicalAddress,
    phone: general.phone,
    supportEmail: supportAddressOf(general),
    deliveryHours: String(DELIVERY_HOURS),
    downloadDays: String(delivery.downloadDays),
    freeRevisions: String(delivery.freeRevisions),
    revisionDays: String(delivery.revisionWindowDays),
    studioDetails: studioIdentityLines({ ...general, email: supportAddressOf(general) }).join(', '),
    deliveredRetention: kept('delivered'),
    refundedRetention: kept('refunded'),
    cancelledRetention: kept('cancelled'),
    expiredRetention: kept('expired'),
  };
}

/** The newest saved version of `document`, or undefined while the default text is in force. */
const newest = (knex: Knex, document: LegalDocumentKind) =>
  LegalDocumentVersion.query(knex).modify('historyOf', document).first();

/** `markdown` with the studio's details filled in, rendered to safe HTML. */
export async function renderLegal(knex: Knex, markdown: string): Promise<string> {
  return renderLegalMarkdown(fillLegalPlaceholders(markdown, await placeholders(knex)));
}

/** The legal document in force, rendered for its public page. */
export async function publicLegalDocument(knex: Knex, document: LegalDocumentKind): Promise<LegalDocument> {
  const current = await newest(knex, document);
  return {
    document,
    title: LEGAL_DOCUMENTS[document].title,
    version: current?.version ?? 0,
    html: await renderLegal(knex, current?.markdown ?? DEFAULT_LEGAL_MARKDOWN[document]),
    updatedAt: current ? new Date(current.createdAt).toISOString() : null,
  };
}

/** The Markdown in force (with its placeholders) and every saved version, for Settings → Legal. */
export async function adminLegalDocument(knex: Knex, document: LegalDocumentKind): Promise<AdminLegalDocument> {
  const versions = await LegalDocumentVersion.query(knex).modify('historyOf', document).withGraphFetched('author');
  return {
    document,
    title: LEGAL_DOCUMENTS[document].title,
    version: versions[0]?.version ?? 0,
    markdown: versions[0]?.markdown ?? DEFAULT_LEGAL_MARKDOWN[document],
    versions: versions.map((v) => v.toApi()),
  };
}

/** Saves `markdown` as the next version of `document` (the version number is taken under a lock, so two saves never collide). */
export async function saveLegalDocument(
  knex: Knex,
  document: LegalDocumentKind,
  markdown: string,
  authorId: string,
): Promise<AdminLegalDocument> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`legal:${document}`]);
    const latest = await newest(trx, document);
    await LegalDocumentVersion.query(trx).insert({
      document,
      version: (latest?.version ?? 0) + 1,
      markdown,
      createdBy: authorId,
    });
  });
  return adminLegalDocument(knex, document);
}
