import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/owners';
import { PERSONAL_DATA_MAP } from '../src/personal-data-map';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Issue 51 Deliver 7: the data map classifies every column of every table the migrations make, so a
// migration that adds a column nobody classified fails here. To fix a failure, add the column to its
// table in packages/db/src/personal-data-map.ts: under `personal` (with an `erase` action in each of
// the table's row sets) or in `other` (not personal); a new table gets an entry of its own.
let db: TestDatabase;
let schema: Map<string, string[]>;

/** Every column of every table of the database, table by table, as information_schema lists them. */
async function schemaOf(knex: TestDatabase['knex']): Promise<Map<string, string[]>> {
  const { rows } = await knex.raw<{ rows: { table: string; column: string }[] }>(
    `select c.table_name as "table", c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return tables;
}

/** The columns of `tables` the map does not classify, as table.column. */
const unclassified = (tables: Map<string, string[]>) =>
  [...tables].flatMap(([table, columns]) =>
    columns.filter((column) => !classified(table).includes(column)).map((column) => `${table}.${column}`),
  );

beforeAll(async () => {
  db = await createTestDatabase();
  schema = await schemaOf(db.knex);
});
afterAll(async () => {
  await db?.destroy();
});

/** The tables of `tables` the owners' declaration (src/owners.ts) does not name. */
const unowned = (tables: Map<string, string[]>) => [...tables.keys()].filter((table) => !(table in TABLE_OWNERS));

const classified = (table: string) => {
  const map = PERSONAL_DATA_MAP[table];
  return map ? [...Object.keys(map.personal), ...map.other] : [];
};

describe('the personal data map', () => {
  it('classifies every column of every table of the migrated schema', () => {
    expect(unclassified(schema)).toEqual([]);
  });

  it('names only tables and columns that exist, each once', () => {
    const stale = Object.keys(PERSONAL_DATA_MAP).flatMap((table) =>
      classified(table)
        .filter((column) => !schema.get(table)?.includes(column))
        .map((column) => `${table}.${column}`),
    );
    expect(stale).toEqual([]);
    const twice = Object.keys(PERSONAL_DATA_MAP).flatMap((table) =>
      classified(table)
        .filter((column, i, all) => all.indexOf(column) !== i)
        .map((column) => `${table}.${column}`),
    );
    expect(twice).toEqual([]);
  });

  it('says what erasure does to every personal column, in every row set', () => {
    const missing = Object.entries(PERSONAL_DATA_MAP).flatMap(([table, map]) => {
      const personal = Object.keys(map.personal);
      if (personal.length > 0 && map.rows.length === 0 && !map.noRows) return [`${table}: no rows and no reason`];
      return map.rows.flatMap((set, i) => {
        if ('delete' in set.erase) return [];
        const { columns } = set.erase;
        return [
          ...personal.filter((column) => !(column in columns)).map((column) => `${table}[${i}].${column}: no action`),
          ...Object.keys(columns)
            .filter((column) => !classified(table).includes(column))
            .map((column) => `${table}[${i}].${column}: not a column`),
        ];
      });
    });
    expect(missing).toEqual([]);
  });

  it('gives every exported row set its own key', () => {
    const keys = Object.values(PERSONAL_DATA_MAP).flatMap((map) =>
      map.rows.flatMap((set) => ('as' in set.export ? [set.export.as] : [])),
    );
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys).not.toContain('email');
    expect(keys).not.toContain('consents');
  });

  it('catches a column a later migration adds without classifying it', async () => {
    await db.knex.raw('alter table orders add column delivery_phone text');
    await db.knex.raw('create table fan_mail (id uuid primary key, sender text)');
    expect(unclassified(await schemaOf(db.knex))).toEqual(['fan_mail.id', 'fan_mail.sender', 'orders.delivery_phone']);
  });
});

// Issue 52: every table has one owner, declared in packages/db/src/owners.ts (one line per table).
describe('the owners of the tables', () => {
  it('names an owner for every table of the migrated schema, and only tables that exist', () => {
    expect(unowned(schema)).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !schema.has(table))).toEqual([]);
  });

  it('catches a table a later migration creates without an owner', async () => {
    await db.knex.raw('create table if not exists fan_mail (id uuid primary key, sender text)');
    expect(unowned(await schemaOf(db.knex))).toEqual(['fan_mail']);
  });
});
