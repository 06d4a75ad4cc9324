import type { Knex } from 'knex';

// The back-office searches match any part of an address or file name (LIKE '%q%'). A trigram index serves
// a search of three characters or more; a two-character one has no trigram to look up, so it read every
// row: all 60,000 customer addresses for each order search ("5a": 6.7 ms of PostgreSQL per answer, p95 110 ms
// under bench:admin's load) and all 250,000 file names for an audio-file search. pg_bigm is not in the
// embedded PostgreSQL, so the bigrams are an array per row, indexed by a plain GIN index: a two-character
// search asks `text_bigrams(expr) @> array[q]` (@mastering/db's indexedContains) and finds its rows
// through one posting list (0.02 ms for "5a"). The same expressions as the trigram indexes of 011 and 014.

/** Creates text_bigrams and the bigram indexes beside the trigram indexes that searches read. */
export async function up(knex: Knex): Promise<void> {
  // Immutable, so it may index; strict: a null text has no bigrams to find.
  await knex.raw(`
    create function text_bigrams(t text) returns text[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct substr(t, i, 2)), '{}') from generate_series(1, length(t) - 1) as i
    $$`);
  await knex.raw(
    'create index customer_summaries_email_bigram_index on customer_summaries using gin (text_bigrams(email)) with (fastupdate = off)',
  );
  await knex.raw(
    'create index order_files_original_name_bigram_index on order_files using gin (text_bigrams(lower(original_name)))',
  );
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index order_files_original_name_bigram_index');
  await knex.raw('drop index customer_summaries_email_bigram_index');
  await knex.raw('drop function text_bigrams(text)');
}
