import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedContains, likeContains } from '../src/like';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// A two-character search has no trigram to look up; migration 035's bigram indexes serve it instead. The
// condition must find exactly what a plain LIKE finds, and must be one the bigram index can answer.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  const emails = ['x_5a@bigram.test', 'thabo5a@bigram.test', '50%off@bigram.test', 'ab@bigram.test', 'zz@bigram.test'];
  await db
    .knex('users')
    .insert(emails.map((email) => ({ email, firstName: 'Bigram', role: 'customer', isActive: true })));
});
afterAll(async () => {
  await db?.destroy();
});

/** The customer addresses that `condition` finds, in order. */
async function addresses([sql, bindings]: [string, string[]]): Promise<string[]> {
  return (await db.knex('customer_summaries').whereRaw(sql, bindings).orderBy('email').pluck('email')) as string[];
}

/** The plan PostgreSQL chooses for `condition` on `table` when it may not read the whole table. */
async function planOf(table: string, [sql, bindings]: [string, string[]]): Promise<string> {
  return db.knex.transaction(async (trx) => {
    await trx.raw('set local enable_seqscan = off');
    const { rows } = await trx.raw(`explain select 1 from ${table} where ${sql}`, bindings);
    return rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
  });
}

describe('text_bigrams', () => {
  it('answers each pair of neighbouring characters once, and none for a single character', async () => {
    const bigrams = async (text: string) =>
      ((await db.knex.raw('select text_bigrams(?) as b', [text])).rows[0].b as string[]).sort();
    expect(await bigrams('abab')).toEqual(['ab', 'ba']);
    expect(await bigrams('a')).toEqual([]);
  });
});

describe('indexedContains', () => {
  it.each(['5a', 'x_', '0%', 'ab', 'a', '5a@', 'zz', 'qq'])(
    'finds for "%s" exactly what a plain LIKE finds',
    async (q) => {
      expect(await addresses(indexedContains('email', q))).toEqual(
        await addresses(['email like ?', [likeContains(q)]]),
      );
    },
  );

  it('finds the addresses of accounts as well as of orders', async () => {
    expect(await addresses(indexedContains('email', '5a'))).toEqual(['thabo5a@bigram.test', 'x_5a@bigram.test']);
  });

  it('asks the bigram index for two characters, on the addresses and on the file names', async () => {
    expect(await planOf('customer_summaries', indexedContains('email', '5a'))).toContain(
      'customer_summaries_email_bigram_index',
    );
    expect(await planOf('order_files', indexedContains('lower(order_files.original_name)', 'mi'))).toContain(
      'order_files_original_name_bigram_index',
    );
  });

  it('leaves three characters or more to the trigram index', async () => {
    expect(await planOf('customer_summaries', indexedContains('email', 'thabo'))).toContain(
      'customer_summaries_email_trgm_index',
    );
  });
});
