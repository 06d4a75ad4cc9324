import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateLatest, MIGRATIONS, rollbackAll, TABLE_OWNERS } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];
// Every table the migrations make: the owners' declaration names each one (test/personal-data-map.test.ts
// checks it against the migrated schema), so a new table is one line there, not a second list here.
const OUR_TABLES = Object.keys(TABLE_OWNERS).filter((table) => !KNEX_TABLES.includes(table));

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.destroy();
});

async function tables(): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r: { table_name: string }) => r.table_name);
}

async function ourFunctions(): Promise<string[]> {
  const { rows } = await db.knex.raw(
    `select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
  );
  return rows.map((r: { proname: string }) => r.proname);
}

it('migrates a fresh database up, all the way down, and up again', async () => {
  expect(await tables()).toEqual([]);

  expect(await migrateLatest(db.knex)).toEqual(MIGRATIONS.map((m) => m.name));
  expect(await tables()).toEqual([...OUR_TABLES, ...KNEX_TABLES].sort());
  expect(await migrateLatest(db.knex)).toEqual([]);

  expect(await rollbackAll(db.knex)).toEqual(MIGRATIONS.map((m) => m.name).reverse());
  expect(await tables()).toEqual(KNEX_TABLES);
  expect(await ourFunctions()).toEqual([]);

  await migrateLatest(db.knex);
  expect(await tables()).toEqual([...OUR_TABLES, ...KNEX_TABLES].sort());
});
