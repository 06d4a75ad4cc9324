import { z } from 'zod';
import type { StudioIdentity } from './settings';

// The studio's legal pages (/terms, /privacy, /refunds): Markdown kept on the server, edited in
// Settings → Legal with a version history, rendered to HTML by the server alone.

/** The legal documents, their page titles and paths (the footer links and the shell's routes). */
export const LEGAL_DOCUMENTS = {
  terms: { title: 'Terms of Service', path: '/terms' },
  privacy: { title: 'Privacy Policy', path: '/privacy' },
  refunds: { title: 'Refund Policy', path: '/refunds' },
} as const;
export const LegalDocumentKind = z.enum(['terms', 'privacy', 'refunds']);
export type LegalDocumentKind = z.infer<typeof LegalDocumentKind>;

/** The path parameter naming a legal document. */
export const LegalDocumentParam = z.object({
  document: z.enum(['terms', 'privacy', 'refunds'], 'No such legal document'),
});
export type LegalDocumentParam = z.infer<typeof LegalDocumentParam>;

/** GET /api/legal/:document: the document in force, as HTML rendered by the server (version 0: the default text). */
export const LegalDocument = z.object({
  document: LegalDocumentKind,
  title: z.string(),
  version: z.number().int().nonnegative(),
  html: z.string(),
  updatedAt: z.string().nullable(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

/** One saved version of a legal document. */
export const LegalVersion = z.object({
  version: z.number().int().positive(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type LegalVersion = z.infer<typeof LegalVersion>;

/** GET/PUT /api/admin/settings/legal/:document: the Markdown in force and every saved version, newest first. */
export const AdminLegalDocument = z.object({
  document: LegalDocumentKind,
  title: z.string(),
  version: z.number().int().nonnegative(),
  markdown: z.string(),
  versions: z.array(LegalVersion),
});
export type AdminLegalDocument = z.infer<typeof AdminLegalDocument>;

/** The longest legal document accepted, in characters. */
export const LEGAL_MARKDOWN_LIMIT = 100_000;

/** PUT /api/admin/settings/legal/:document (a new version) and POST .../preview (HTML, nothing saved). */
export const LegalMarkdownBody = z.object({
  markdown: z
    .string()
    .trim()
    .min(1, 'The document cannot be empty')
    .max(LEGAL_MARKDOWN_LIMIT, `The document must be at most ${LEGAL_MARKDOWN_LIMIT} characters`),
});
export type LegalMarkdownBody = z.infer<typeof LegalMarkdownBody>;

/** POST /api/admin/settings/legal/:document/preview answer. */
export const LegalPreview = z.object({ html: z.string() });
export type LegalPreview = z.infer<typeof LegalPreview>;

/**
 * The placeholders a legal document may use, filled in from Settings when it is shown, so the texts
 * follow the studio's identity: `{{legalName}}`, `{{physicalAddress}}`, `{{supportEmail}}`, ...
 * `{{studioDetails}}` is the whole identity in one line, leaving out what Settings does not give.
 */
export const LEGAL_PLACEHOLDERS = [
  'legalName',
  'registrationNumber',
  'vatNumber',
  'physicalAddress',
  'phone',
  'supportEmail',
  'deliveryHours',
  'downloadDays',
  'freeRevisions',
  'revisionDays',
  'studioDetails',
] as const;
export type LegalPlaceholders = Record<(typeof LEGAL_PLACEHOLDERS)[number], string>;

/** `markdown` with each known `{{placeholder}}` replaced by its value (unknown ones are left as typed). */
export function fillLegalPlaceholders(markdown: string, values: LegalPlaceholders): string {
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key as keyof LegalPlaceholders] || '—' : whole,
  );
}

/**
 * The studio's identity as labelled lines (registration, VAT when a vendor, address, phone, email), empty
 * fields left out: the one wording of the footer, the checkout, the invoices and the legal pages.
 */
export function studioIdentityLines(studio: Omit<StudioIdentity, 'legalName'> & { email: string }): string[] {
  return [
    studio.registrationNumber && `Registration number ${studio.registrationNumber}`,
    studio.vatVendor && studio.vatNumber ? `VAT number ${studio.vatNumber}` : '',
    studio.physicalAddress,
    studio.phone && `Phone ${studio.phone}`,
    studio.email && `Email ${studio.email}`,
  ].filter((line): line is string => Boolean(line));
}
