// The one test kit for a service: its Koa app over real HTTP on a free port, a fresh database and
// storage folder of its own, the gateway's signed identity for each role, and a queue that records
// what would be mailed. Each service's `test/support.ts` only says how to build its app.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { IDENTITY_HEADER, signIdentity } from './identity';
import type { Secrets } from './keyring';

/** A server listening on loopback: its base URL and how to stop it. */
export type Served = { base: string; close(): Promise<void> };

/** Serves `app` (a Koa app or a plain request listener) on a free loopback port. */
export async function serveOverHttp(app: { callback(): RequestListener } | RequestListener): Promise<Served> {
  const server = createServer(typeof app === 'function' ? app : app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      // Keep-alive connections would hold close() open until they time out.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The user id a test caller of `role` has unless the test gives one. */
export const TEST_USER_IDS: Record<Role, string> = {
  admin: '00000000-0000-4000-8000-00000000000a',
  engineer: '00000000-0000-4000-8000-00000000000e',
  customer: '00000000-0000-4000-8000-00000000000c',
};

/**
 * The headers the gateway adds for a signed-in caller with `role` (admin, engineer or customer),
 * signed with `secret`: what a service trusts as the session.
 */
export async function identityHeaders(
  secret: Secrets,
  role: Role,
  { userId = TEST_USER_IDS[role], email = `${role}@example.com`, sessionId = 's1' } = {},
): Promise<Record<string, string>> {
  return { [IDENTITY_HEADER]: await signIdentity({ userId, email, role, sessionId }, secret) };
}

/** A job a service queued: its name (`email.send`, ...), payload, and when it runs (undefined: now). */
// biome-ignore lint/suspicious/noExplicitAny: tests read any job's payload by its own shape (each test knows the job it asserts)
export type QueuedJob = { name: string; data: any; when?: Date };

/**
 * A stand-in for the job queue (the boundary to the email and analysis workers) that records each
 * job in `queued` instead of running it. Cast `queue` to the queue type the app takes.
 */
export function recordingQueue() {
  const queued: QueuedJob[] = [];
  const job = (entry: QueuedJob) => (queued.push(entry), { attrs: { _id: String(queued.length) } });
  const queue = {
    now: async (name: string, data: unknown) => job({ name, data }),
    schedule: async (when: Date | string, name: string, data: unknown) => job({ name, data, when: new Date(when) }),
  };
  return { queue, queued };
}

/** An empty temporary folder (object storage for a test) and how to remove it. */
export async function tempFolder(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * For one test file: before its tests, a fresh database and whatever `open(db)` starts on it (usually
 * a service over HTTP); after them, `close()` on that and the database dropped. The returned object
 * is filled in by `beforeAll`, so read its fields inside tests and hooks only.
 */
export function perFile<T extends { close(): Promise<void> }>(
  open: (db: TestDatabase) => Promise<T>,
  { database = () => createTestDatabase() }: { database?: () => Promise<TestDatabase> } = {},
): T & { db: TestDatabase } {
  const ctx = {} as T & { db: TestDatabase };
  beforeAll(async () => {
    ctx.db = await database();
    Object.assign(ctx, await open(ctx.db));
  });
  afterAll(async () => {
    await ctx.close?.();
    await ctx.db?.destroy();
  });
  return ctx;
}
