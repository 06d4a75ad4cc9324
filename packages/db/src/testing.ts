import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createKnex } from './knex';
import { migrateLatest } from './migrate';
import { adminQuery, dropDatabase, withDatabase } from './database-admin';

export { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the maintenance database of the test PostgreSQL server. */
    'mastering.db.adminUrl': string;
    /** A migrated database that fresh test databases are copied from. */
    'mastering.db.template': string;
  }
}

export type TestDatabase = {
  /** Connection string of the fresh database (give it to the code under test). */
  connectionString: string;
  /** A knex on it, camelCase like createKnex. */
  knex: Knex;
  /** Closes the knex and drops the database. */
  destroy(): Promise<void>;
};

/**
 * Creates a fresh, uniquely named database on the test PostgreSQL server (started once per vitest
 * run by vitest-global-setup.ts, or TEST_DATABASE_URL), migrated unless `migrate: false`. Call in
 * beforeAll/beforeEach and `destroy()` it afterwards.
 */
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('mastering.db.adminUrl') ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'No test database server: run through the root vitest config (its globalSetup starts one) or set TEST_DATABASE_URL',
    );
  }
  const template = migrate ? inject('mastering.db.template') : undefined;
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, async (client) => {
    // Copying the migrated template is much faster than migrating every test database.
    const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
    await client.query(`create database ${client.escapeIdentifier(name)}${from}`);
  });

  const connectionString = withDatabase(adminUrl, name);
  const knex = createKnex(connectionString, { pool: { min: 0, max: 5 } });
  if (migrate && !template) await migrateLatest(knex);

  return {
    connectionString,
    knex,
    async destroy() {
      await knex.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
