import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@mastering/db/testing';
import { seed } from '@mastering/db';
import { createStorage } from '@mastering/storage';
import { createLogger } from '@mastering/service-kit';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

/** The identity-signing secret the test service trusts. */
export const SECRET = 'c'.repeat(40);

/**
 * Starts the content service on a free port over a fresh database and an empty storage folder (with
 * the demo content when `seeded`); `stop` closes all of it.
 */
export async function startContentService({ seeded = false } = {}) {
  const db = await createTestDatabase();
  const storageDir = mkdtempSync(path.join(tmpdir(), 'content-'));
  const storage = createStorage({ driver: 'local', root: storageDir });
  if (seeded) await seed(db.knex, { adminEmail: 'admin@example.com', storage });
  const config = readConfig({ DATABASE_URL: db.connectionString, IDENTITY_SECRET: SECRET, STORAGE_DIR: storageDir });
  const server = createServer(
    buildApp({ config, knex: db.knex, storage, logger: createLogger('content-test', 'silent') }).callback(),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    server.close();
    await db.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  };
  return { db, base, storageDir, stop };
}
