import type { Knex } from 'knex';

// A search of one or two characters (staff type "5a" into the orders list) has no trigram for the
// trigram indexes of migrations 011 and 014 to use, so it read every order's address (EXPLAIN at
// 100,000 orders: a sequential scan, 99,624 rows removed by the filter, 150-250 ms). Its grams do:
//   search_grams(s)  every character of s and every pair of adjacent characters, so "s contains q"
//                    is exactly "search_grams(s) && array[q]" for a q of one or two characters
//                    without white space.
// Indexed (GIN) over the orders' lower-cased addresses and the customer summaries' addresses (014
// keeps those lower-case), the expressions ops' short search asks (services/ops/src/orders/search.ts).
// Pairs are cut at even and at odd offsets, each half split after every second character with a
// space as the cut, so a pair that holds white space may be lost; a query with white space is never
// asked this way. The function costs about 20 times a LIKE (regular expressions): its cost tells the
// planner so, and it prefers reading the index to evaluating it row by row.

/** The grams function and its two indexes, with fresh statistics so the planner sees how common each gram is. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function search_grams(s text) returns text[] language sql immutable strict parallel safe cost 1000
    return string_to_array(s, null)
        || string_to_array(regexp_replace(s, '(..)', '\\1 ', 'g'), ' ')
        || string_to_array(regexp_replace(substr(s, 2), '(..)', '\\1 ', 'g'), ' ')`);
  await knex.raw(
    'create index orders_customer_email_grams_index on orders using gin (search_grams(lower(customer_email)))',
  );
  await knex.raw(
    'create index customer_summaries_email_grams_index on customer_summaries using gin (search_grams(email))',
  );
  await knex.raw('analyze orders, customer_summaries');
}

/** Drops the indexes and the function. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index customer_summaries_email_grams_index');
  await knex.raw('drop index orders_customer_email_grams_index');
  await knex.raw('drop function search_grams(text)');
}
