import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createDownloadLinks, createLogger, deliveryUrl, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import type { Genre, OrderStatus, Role } from '@mastering/contracts';
import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';

export const SECRET = 'o'.repeat(40);

/** A job the service queued: `email.send` and its payload, and when it runs (undefined: now). */
export type QueuedJob = { name: string; data: any; when?: Date };

/**
 * The ops service on a fresh database for one test file, over real HTTP: `ctx.db` and `ctx.base` are
 * set before the tests run, and everything is closed after them. The queue (the boundary to the email
 * service) records what would be mailed in `ctx.queued`; objects live in a temporary `ctx.storage`.
 */
export function opsPerFile() {
  const ctx = { queued: [] as QueuedJob[] } as {
    db: TestDatabase;
    base: string;
    queued: QueuedJob[];
    storage: ObjectStorage;
    publicUrl: string;
  };
  const job = (entry: QueuedJob) => (ctx.queued.push(entry), { attrs: { _id: String(ctx.queued.length) } });
  const queue = {
    now: async (name: string, data: unknown) => job({ name, data }),
    schedule: async (when: Date, name: string, data: unknown) => job({ name, data, when: new Date(when) }),
  } as unknown as Queue;
  const storageRoot = mkdtempSync(path.join(tmpdir(), 'ops-test-storage-'));
  let server: Server | undefined;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.storage = createLocalStorage(storageRoot);
    ctx.publicUrl = 'http://site.test';
    const config = readConfig({
      DATABASE_URL: ctx.db.connectionString,
      IDENTITY_SECRET: SECRET,
      PUBLIC_URL: ctx.publicUrl,
      COUNTERS_CACHE_MS: '0',
    });
    server = createServer(
      buildApp({
        config,
        knex: ctx.db.knex,
        queue,
        storage: ctx.storage,
        logger: createLogger('ops-test', 'silent'),
      }).callback(),
    );
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    ctx.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await ctx.db?.destroy();
    rmSync(storageRoot, { recursive: true, force: true });
  });
  return ctx;
}

/** The delivery link the mail worker mints, at send time, for a queued mail that asks for one. */
export function mintedDownloadUrl(publicUrl: string, job: QueuedJob): string {
  const { orderId, expiresAt } = job.data.downloadLink;
  return deliveryUrl(createDownloadLinks(SECRET), publicUrl, orderId, new Date(expiresAt));
}

/** The signed identity header of a caller with `role` (user `userId`, by default a fixed one). */
export async function identityAs(
  role: Role,
  userId = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  email = `${role}@example.com`,
) {
  return { [IDENTITY_HEADER]: await signIdentity({ userId, email, role, sessionId: 's1' }, SECRET) };
}

/** An order to seed: one file per entry of `genres` (null = no genre given), money in cents. */
export type SeedOrder = {
  email: string;
  status: OrderStatus;
  totalCents: number;
  /** When it was placed. */
  at: Date;
  userId?: string;
  genres?: (Genre | null)[];
};

/** Inserts an order and its files straight into the database (tests seed what other services write). */
export async function seedOrder(knex: Knex, o: SeedOrder): Promise<string> {
  const genres = o.genres ?? [null];
  const paid = !['pending_payment', 'cancelled'].includes(o.status);
  const [{ id }] = await knex('orders')
    .insert({
      customerEmail: o.email,
      userId: o.userId ?? null,
      status: o.status,
      unitPriceCents: Math.round(o.totalCents / genres.length),
      trackCount: genres.length,
      subtotalCents: o.totalCents,
      totalCents: o.totalCents,
      paidAt: paid ? o.at : null,
      createdAt: o.at,
    })
    .returning('id');
  await knex('orderFiles').insert(
    genres.map((genre, i) => ({
      orderId: id,
      originalName: `track-${i + 1}.wav`,
      fileName: `track-${i + 1}.wav`,
      fileSize: 1_048_576 * (i + 1),
      originalFilePath: `orders/${id}/${i}.wav`,
      genre,
      uploadedAt: o.at,
    })),
  );
  return id;
}

/** A time `days` days (and `hours` hours) before now. */
export const ago = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
