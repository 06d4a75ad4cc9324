import { z } from 'zod';

// The studio's legal pages (/terms, /privacy, /refunds): Markdown kept on the server, edited in
// Settings → Legal with a version history, rendered to HTML by the server alone.

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
