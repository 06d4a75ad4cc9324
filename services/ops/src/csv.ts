import { stringify, type Stringifier } from 'csv-stringify';

// Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): a customer's
// name such as `=HYPERLINK(...)` must reach staff's Excel as text, not run there.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as it is safe to open in a spreadsheet: text starting like a formula gets a leading `'`. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The one CSV writer of every export: a header row of `columns`, every text cell neutralised. */
export function csvWriter(columns: readonly string[]): Stringifier {
  return stringify({ header: true, columns: [...columns], cast: { string: neutraliseCell } });
}
