import type { StudioIdentity } from './settings';

// What the browser needs of the legal pages (their paths, the footer's lines): no schemas, so the
// home page's bundle takes no zod for them (the schemas are in legal.ts).

/** The legal documents, their page titles and paths (the footer links and the shell's routes). */
export const LEGAL_DOCUMENTS = {
  terms: { title: 'Terms of Service', path: '/terms' },
  privacy: { title: 'Privacy Policy', path: '/privacy' },
  refunds: { title: 'Refund Policy', path: '/refunds' },
} as const;

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
  // How long audio is kept after each ending ("90 days"), from Settings → Security (retention.ts).
  'deliveredRetention',
  'refundedRetention',
  'cancelledRetention',
  'expiredRetention',
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
