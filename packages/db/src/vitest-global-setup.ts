import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres';
import { freePort } from './free-port';
import { postgresTempDir } from './temp-dir';
import { createKnex } from './knex';
import { migrateLatest } from './migrate';
import { adminQuery, dropDatabase, withDatabase } from './database-admin';

/**
 * Once per vitest run: starts a throwaway embedded PostgreSQL in a fresh temp dir (in memory where
 * there is room: see postgresTempDir) on a free port (or uses TEST_DATABASE_URL's server), creates a migrated template database, and hands both to the
 * test files (see createTestDatabase). Stops the server and deletes its files at teardown.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    adminUrl = process.env.TEST_DATABASE_URL;
  } else {
    const dir = postgresTempDir('mastering-test-pg', { inMemory: true });
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port: await freePort(),
      durable: false,
      log: () => {},
    });
    adminUrl = server.adminConnectionString;
    stopServer = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  // Unique per run, so runs sharing a TEST_DATABASE_URL server do not trip over each other.
  const template = `test_template_${process.pid}_${Date.now().toString(36)}`;
  try {
    await adminQuery(adminUrl, (client) => client.query(`create database ${client.escapeIdentifier(template)}`));
    const knex = createKnex(withDatabase(adminUrl, template));
    try {
      await migrateLatest(knex);
    } finally {
      // A template cannot be copied while anyone is connected to it.
      await knex.destroy();
    }
  } catch (err) {
    await stopServer();
    throw err;
  }

  project.provide('mastering.db.adminUrl', adminUrl);
  project.provide('mastering.db.template', template);

  return async () => {
    await dropDatabase(adminUrl, template).catch(() => undefined);
    await stopServer();
  };
}
