// How the back-office lists search: any part of an email or file name, and an order id by its start.
import { CustomerSummaryRow, likeContains } from '@mastering/db';

/** The SQL condition "lower(`column`) contains `q`" (q already lower-case; wildcards in it match literally) with its binding. */
export function containsSql(column: string, q: string): [string, string[]] {
  return [`lower(${column}) like ?`, [likeContains(q)]];
}

// The trigram index answers a search of 3 characters or more; a shorter one has no trigram, so
// containsSql would lower-case and test every order's address (100,000 at 100k orders).
const TRIGRAM = 3;

/**
 * The SQL condition "the order address in `column` contains `q`" (q already lower-case) with its
 * binding. A short search is matched among customer_summaries' addresses instead (migration 014 keeps
 * one row per lower-cased order address: fewer rows, already lower-case), read once into a hashed set
 * that each order's lower(address) is looked up in; a longer one is containsSql, which the trigram index serves.
 */
export function addressContainsSql(column: string, q: string): [string, string[]] {
  if (q.length >= TRIGRAM) return containsSql(column, q);
  return [
    `lower(${column}) in (select email from ${CustomerSummaryRow.tableName} where email like ?)`,
    [likeContains(q)],
  ];
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
