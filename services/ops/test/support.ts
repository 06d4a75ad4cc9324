import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import type { Role } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

const SECRET = 'o'.repeat(40);

/** A job the ops service queued (the queue is the boundary to the email service's worker). */
export type QueuedJob = { name: string; data: any };

/**
 * The ops service on a fresh database for one test file, over real HTTP: `ctx.db` and `ctx.base` are
 * set before the tests run, and everything is closed after them. `ctx.queued` records every job the
 * service queued (what would be mailed), in order.
 */
export function opsPerFile() {
  const queued: QueuedJob[] = [];
  const queue = { now: async (name: string, data: unknown) => (queued.push({ name, data }), { attrs: { _id: String(queued.length) } }) } as unknown as Queue;
  const ctx = { queued } as { db: TestDatabase; base: string; queued: QueuedJob[] };
  let server: Server | undefined;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    const config = readConfig({ DATABASE_URL: ctx.db.connectionString, IDENTITY_SECRET: SECRET });
    server = createServer(buildApp({ config, knex: ctx.db.knex, queue, logger: createLogger('ops-test', 'silent') }).callback());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    ctx.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await ctx.db?.destroy();
  });
  return ctx;
}

/** The signed identity header of a caller with `role` (user `userId`, by default a fixed one). */
export async function identityAs(role: Role, userId = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', email = `${role}@example.com`) {
  return { [IDENTITY_HEADER]: await signIdentity({ userId, email, role, sessionId: 's1' }, SECRET) };
}
