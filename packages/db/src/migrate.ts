import type { Knex } from 'knex';
import { MIGRATIONS, type Migration } from './migrations/index';

const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};

/** The knex migrator config every call below uses: our static migration list. */
export const migratorConfig: Knex.MigratorConfig = { migrationSource };

/** Applies every pending migration; returns the names applied (empty when already up to date). */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migratorConfig)) as [number, string[]];
  return applied;
}

/** Undoes the most recent batch of migrations; returns the names undone. */
export async function rollbackLast(knex: Knex): Promise<string[]> {
  const [, undone] = (await knex.migrate.rollback(migratorConfig)) as [number, string[]];
  return undone;
}

/** Undoes every applied migration, leaving only knex's own bookkeeping tables; returns the names undone. */
export async function rollbackAll(knex: Knex): Promise<string[]> {
  const [, undone] = (await knex.migrate.rollback(migratorConfig, true)) as [number, string[]];
  return undone;
}
