import { seed } from '@mastering/db';
import { createTestDatabase } from '@mastering/db/testing';
import { createStorage } from '@mastering/storage';
import { createLogger } from '@mastering/service-kit';
import { identityHeaders, serveOverHttp, tempFolder } from '@mastering/service-kit/testing';
import type { Role } from '@mastering/contracts';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

/** The identity-signing secret the test service trusts. */
export const SECRET = 'c'.repeat(40);

/** The signed identity header of a caller with `role`, as the gateway sends it to this service. */
export const identityAs = (role: Role) => identityHeaders(SECRET, role);

/**
 * Starts the content service (on the service test kit) on a free port over a fresh database and an
 * empty storage folder (with the demo content when `seeded`); `stop` closes all of it.
 */
export async function startContentService({ seeded = false } = {}) {
  const db = await createTestDatabase();
  const folder = await tempFolder('content');
  const storage = createStorage({ driver: 'local', root: folder.dir });
  if (seeded) await seed(db.knex, { adminEmail: 'admin@example.com', storage, demo: true });
  const config = readConfig({ DATABASE_URL: db.connectionString, IDENTITY_SECRET: SECRET, STORAGE_DIR: folder.dir });
  const served = await serveOverHttp(
    buildApp({ config, knex: db.knex, storage, logger: createLogger('content-test', 'silent') }),
  );
  const stop = async () => {
    await served.close();
    await db.destroy();
    await folder.remove();
  };
  return { db, base: served.base, storageDir: folder.dir, stop };
}
