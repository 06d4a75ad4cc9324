// How the back-office lists search: any part of an email or file name, and an order id by its start.
import type { Knex } from 'knex';
import { CustomerSummaryRow, indexedContains, likeContains } from '@mastering/db';

/** The SQL condition "lower(`column`) contains `q`" (q already lower-case; wildcards in it match literally) with its binding. */
export function containsSql(column: string, q: string): [string, string[]] {
  return [`lower(${column}) like ?`, [likeContains(q)]];
}

/**
 * The SQL condition "the order address `column` contains `q`" (as containsSql) with its binding, asked
 * of customer_summaries: one row per lower-cased order address (migration 014's triggers keep it exact),
 * so the search reads 60,000 addresses (through their trigram index, or bigram index for 2 characters: indexedContains)
 * and finds the matches' orders through the lower(customer_email) index. Searching the orders' own
 * trigram index walked posting lists as long as the orders ("customer4242@" shares its trigrams with
 * every address: 135 ms at a million orders, 7 ms this way).
 */
export function addressContainsSql(column: string, q: string): [string, string[]] {
  // `= any(array(...))`, not `in (select ...)`: the addresses are read once, before the orders, so an
  // id prefix searched beside them stays a primary-key range. With `in`, PostgreSQL filtered every
  // order by a hashed subplan instead (a short id: 34 -> 140 ms p95 at 100,000 orders).
  const [contains, bindings] = indexedContains('email', q);
  return [`lower(${column}) = any(array(select email from customer_summaries where ${contains}))`, bindings];
}

/** The addresses a search matches, asked once per answer and shared by a page and its total. */
export type AddressMatch = {
  /** The search, lower-case. */
  q: string;
  /** The SQL condition "the order address `column` is one of them" with its bindings. */
  where(column: string): [string, Knex.Value[]];
  /** How many orders those addresses hold. */
  orders(): Promise<number>;
};

/** The customer summaries whose address contains `q` (lower-case). */
const summariesContaining = (knex: Knex, q: string) =>
  CustomerSummaryRow.query(knex).whereRaw(...indexedContains('email', q));

/** At most this many matching addresses travel into the queries as a list; a broader search is matched in SQL. */
export const LISTED_ADDRESSES = 500;

/**
 * The order addresses that contain `q` (lower-case), read once from customer_summaries: a page and its
 * total then find their orders by the list (the lower(customer_email) index) instead of each matching
 * every address again, which was most of a search's cost (a 2-character search reads all 60,000
 * addresses; "customer4242@" walks long trigram posting lists). A search matching more than `listed`
 * addresses stays a subquery (addressContainsSql), so no answer carries a huge list.
 */
export async function matchAddresses(knex: Knex, q: string, listed = LISTED_ADDRESSES): Promise<AddressMatch> {
  const rows = await summariesContaining(knex, q)
    .select('email', 'orderCount')
    .limit(listed + 1);
  if (rows.length > listed) return addressesInSql(knex, q);
  const emails = rows.map((r) => r.email);
  const orders = rows.reduce((sum, r) => sum + r.orderCount, 0);
  return { q, where: (column) => [`lower(${column}) = any(?)`, [emails]], orders: async () => orders };
}

/** The same match made inside each query (addressContainsSql), for a stream or a broad search. */
export function addressesInSql(knex: Knex, q: string): AddressMatch {
  return {
    q,
    where: (column) => addressContainsSql(column, q),
    orders: async () => {
      const total = (await summariesContaining(knex, q).sum('orderCount as orders').first()) as unknown as {
        orders: string | null;
      };
      return Number(total.orders ?? 0);
    },
  };
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
