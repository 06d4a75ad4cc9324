import type { InvoiceKind } from '@mastering/contracts';
import type { InvoiceLine } from '@mastering/db';

// What erasure keeps of the books (tax law: invoices five years; payments as the studio's records):
// every amount, number, id, status and date, with any text that could name the person made neutral.

/** Line texts the studio itself writes (issueInvoice): they name no one, so they stay as issued. */
const STUDIO_LINES = [/^Mastering, \d+ tracks?$/, /^Launch discount \(\d+%\)$/];

/** The neutral text of a line that may carry personal data (a track title, a name, a typed reason). */
const neutralLine = (kind: InvoiceKind, line: InvoiceLine) =>
  kind === 'credit_note' ? 'Refund' : line.totalCents < 0 ? 'Discount' : 'Audio mastering service';

/** An invoice's lines with every text that is not the studio's own replaced by a neutral one; amounts stay. */
export function neutralInvoiceLines(kind: InvoiceKind, lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.map((line) =>
    STUDIO_LINES.some((pattern) => pattern.test(line.description))
      ? line
      : { ...line, description: neutralLine(kind, line) },
  );
}

/** Keys whose values describe a person (email, names, addresses, phones, card holders, client IPs). */
const PERSONAL_KEY = /e-?mail|name|address|phone|mobile|holder|^ip$|^ip_?address$|customer(?!_?id$)|billing|shipping/i;

/** Marks a value withoutPersonalFields leaves out. */
const DROP = Symbol('drop');

/**
 * A webhook payload without its personal fields: keys naming a person are dropped at any depth, and any
 * other string that holds `email` is dropped too; ids, amounts, currencies, statuses and dates stay.
 */
export function withoutPersonalFields(value: unknown, email: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutPersonalFields(item, email)).filter((v) => v !== DROP);
  if (value && typeof value === 'object') {
    const kept: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (PERSONAL_KEY.test(key)) continue;
      const cleaned = withoutPersonalFields(inner, email);
      if (cleaned !== DROP) kept[key] = cleaned;
    }
    return kept;
  }
  if (typeof value === 'string' && value.toLowerCase().includes(email.toLowerCase())) return DROP;
  return value;
}
