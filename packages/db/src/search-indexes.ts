// The back-office searches read trigram (GIN gin_trgm_ops) and bigram (GIN over text_bigrams, migration 035)
// indexes. Every order rewrites its customer's
// summary row, and each new version of a row puts its trigrams into the index again; vacuum takes the
// dead entries out but leaves their pages as sparse as it found them. After 100,000 orders the index on
// 60,000 customer addresses was 8.1 MB against 2.5 MB rebuilt, and "contains customer4242@" took 10.8 ms
// against 2.3 ms (bench:admin, issue 28). A rebuild (REINDEX CONCURRENTLY: reads and writes go on
// meanwhile) makes them compact again; ops runs one weekly.
import type { Knex } from 'knex';

/** A rebuilt index: its name and its size before and after, in bytes. */
export type RebuiltIndex = { name: string; bytesBefore: number; bytesAfter: number };

/** The search indexes of the public schema, by name: the trigram ones and the bigram ones (text_bigrams). */
export async function searchIndexes(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `select distinct i.relname as name
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_namespace n on n.oid = i.relnamespace
       join pg_opclass o on o.oid = any(x.indclass::oid[])
      where n.nspname = 'public'
        and (o.opcname = 'gin_trgm_ops' or pg_get_indexdef(x.indexrelid) like '%USING gin (text_bigrams(%')
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Rebuilds every search index (REINDEX CONCURRENTLY), one after the other; answers each one's sizes. */
export async function rebuildSearchIndexes(knex: Knex): Promise<RebuiltIndex[]> {
  const size = async (name: string) =>
    Number(
      (await knex.raw<{ rows: { bytes: string }[] }>('select pg_relation_size(?::regclass) as bytes', [name])).rows[0]!
        .bytes,
    );
  const rebuilt: RebuiltIndex[] = [];
  for (const name of await searchIndexes(knex)) {
    const bytesBefore = await size(name);
    await knex.raw('reindex index concurrently ??', [name]);
    rebuilt.push({ name, bytesBefore, bytesAfter: await size(name) });
  }
  return rebuilt;
}
