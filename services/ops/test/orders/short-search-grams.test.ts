// Migration 033's grams: for a query of one or two characters without white space, "the grams of s
// overlap [q]" must be exactly "s contains q" (fast-check picks texts and queries, capitals, wildcards
// and non-Latin letters included), and the short searches of the orders list must be answered from
// the grams indexes (each expression containsSql writes must be the one an index is built on).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { containsSql } from '../../src/orders/search';
import { opsPerFile } from '../support';

const ctx = opsPerFile();

// Few distinct characters, so that most queries are found in some texts and missed in others.
const char = fc.constantFrom('a', 'b', 'A', '5', '@', '.', '_', '%', '\\', 'é', '字', ' ', '-');
const text = fc.string({ unit: char, maxLength: 12 });
const query = fc.string({ unit: char, minLength: 1, maxLength: 2 }).filter((q) => !/\s/.test(q));

it('finds by its grams exactly the texts that contain a query of one or two characters', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(text, query), { minLength: 1, maxLength: 40 }), async (cases) => {
      const { rows } = await ctx.db.knex.raw(
        `select search_grams(c.s) && array[c.q] as by_grams, strpos(c.s, c.q) > 0 as contains
           from unnest(?::text[], ?::text[]) as c(s, q)`,
        [cases.map(([s]) => s), cases.map(([, q]) => q)],
      );
      for (const [i, row] of rows.entries()) expect(row.by_grams, `${JSON.stringify(cases[i])}`).toBe(row.contains);
    }),
    { numRuns: 60 },
  );
});

it.each([
  ['orders', 'orders.customer_email', 'orders_customer_email_grams_index'],
  ['customer_summaries', 'customer_summaries.email', 'customer_summaries_email_grams_index'],
])('answers a short search of %s from its grams index', async (table, column, index) => {
  const [condition, bindings] = containsSql(column, '5a');
  const plan = await ctx.db.knex.transaction(async (trx) => {
    // The test tables are tiny: the planner would rightly read them whole, or walk another index.
    await trx.raw(
      'set local enable_seqscan = off; set local enable_indexscan = off; set local enable_indexonlyscan = off',
    );
    const { rows } = await trx.raw(`explain select 1 from ${table} where ${condition}`, bindings);
    return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain(index);
});

it('keeps the plain condition for a query with white space or of three characters', () => {
  expect(containsSql('orders.customer_email', 'a ')[0]).toBe('lower(orders.customer_email) like ?');
  expect(containsSql('orders.customer_email', 'abc')[0]).toBe('lower(orders.customer_email) like ?');
  expect(containsSql('order_files.original_name', 'ab')[0]).toBe('lower(order_files.original_name) like ?');
});
