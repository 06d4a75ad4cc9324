// How the back-office lists search: any part of an email or file name, and an order id by its start.
import { likeContains } from '@mastering/db';

// The searched columns that keep their text lower-case already (migration 014's summaries), so
// their indexes are built on the column itself rather than on lower(column).
const LOWER_CASE_COLUMNS = new Set(['customer_summaries.email']);
// The columns whose grams are indexed (migration 033): a search shorter than a trigram reads that index.
const GRAMS_INDEXED = new Set(['orders.customer_email', 'customer_summaries.email']);

/**
 * The SQL condition "lower(`column`) contains `q`" (q already lower-case; wildcards in it match
 * literally) with its binding. For one or two characters on a column with a grams index, the same
 * condition asked of that index (search_grams, migration 033): no trigram index can serve it, and
 * the plain condition reads every row. (A query with white space keeps the plain condition: the
 * grams may lose a pair that holds a space.)
 */
export function containsSql(column: string, q: string): [string, string[]] {
  const text = LOWER_CASE_COLUMNS.has(column) ? column : `lower(${column})`;
  if (q.length < 3 && GRAMS_INDEXED.has(column) && !/\s/.test(q)) return [`search_grams(${text}) && array[?]`, [q]];
  return [`${text} like ?`, [likeContains(q)]];
}

// The lists show an order's id by its first characters (shortId), and a search matches an id by its
// start. A uuid's text is its 16 bytes in hex, in byte order, and PostgreSQL orders uuids by those
// bytes: the ids whose text starts with a prefix are one range of the primary key, found through its
// index instead of turning every id into text.
const CANONICAL = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The inclusive range [lowest, highest] of the uuids whose canonical text (lower-case) starts with
 * `prefix`, or null when none can (a character that is not hex, or a dash out of place).
 */
export function uuidPrefixRange(prefix: string): [string, string] | null {
  const text = prefix.toLowerCase();
  if (text.length > CANONICAL.length) return null;
  for (let i = 0; i < text.length; i++) {
    const fits = CANONICAL[i] === '-' ? text[i] === '-' : /[0-9a-f]/.test(text[i]!);
    if (!fits) return null;
  }
  const rest = (digit: string) => CANONICAL.slice(text.length).replace(/x/g, digit);
  return [text + rest('0'), text + rest('f')];
}
