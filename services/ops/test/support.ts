import { createDownloadLinks, createLogger, createService, deliveryUrl } from '@mastering/service-kit';
import {
  identityHeaders,
  perFile,
  recordingQueue,
  serveOverHttp,
  tempFolder,
  type QueuedJob,
} from '@mastering/service-kit/testing';
import { DEFAULT_REVISION_HOURS, promiseOf, type Genre, type OrderStatus, type Role } from '@mastering/contracts';
import type { Knex } from 'knex';
import type { Queue } from '@mastering/jobs';
import { createLocalStorage } from '@mastering/storage';
import { eraseOwnedRows } from '@mastering/orders';
import { buildApp } from '../src/app';
import type { EraseAtOwner } from '../src/customers/erasure';
import { type MasterUploads, masterUploadsOverHttp } from '../src/audio-files/master-uploads';
import { masterUploadRoutes } from '../../storefront/src/uploads/master';
import { fulfilmentRoutes } from '../../storefront/src/fulfilment/routes';
import { readConfig } from '../src/config';
import { ownerCalls } from '../src/owner-calls';
import { type StorefrontWrites, storefrontWritesOverHttp } from '../src/storefront-writes';

export const SECRET = 'o'.repeat(40);

export type { QueuedJob };

/**
 * The ops service on a fresh database for one test file, over real HTTP (the service test kit):
 * `ctx.db` and `ctx.base` are set before the tests run, and everything is closed after them. The queue
 * (the boundary to the email service) records what would be mailed in `ctx.queued`; objects live in
 * a temporary `ctx.storage`.
 */
export function opsPerFile() {
  return perFile(async (db) => {
    const { queue, queued } = recordingQueue();
    const folder = await tempFolder('ops-test-storage');
    const storage = createLocalStorage(folder.dir);
    const publicUrl = 'http://site.test';
    const storefront = await storefrontOwner(db.knex, queue as unknown as Queue);
    const config = readConfig({
      DATABASE_URL: db.connectionString,
      IDENTITY_SECRET: SECRET,
      PUBLIC_URL: publicUrl,
      COUNTERS_CACHE_MS: '0',
      STOREFRONT_URL: storefront.base,
    });
    const served = await serveOverHttp(
      buildApp({
        config,
        knex: db.knex,
        queue: queue as unknown as Queue,
        storage,
        logger: createLogger('ops-test', 'silent'),
        eraseAtOwner: inProcessOwners(db.knex),
      }),
    );
    return {
      base: served.base,
      queued,
      storage,
      publicUrl,
      /** The storefront's writes, as ops' timer jobs call them. */
      storefront: storefront.writes,
      close: async () => {
        await served.close();
        await storefront.close();
        await folder.remove();
      },
    };
  });
}

/**
 * The table owners' erasure run in this process, as each owner's internal route runs it (ops' tests
 * start no other service; test/customers/erasure-owners.test.ts goes over HTTP).
 */
export const inProcessOwners =
  (knex: Knex): EraseAtOwner =>
  async (owner, request) => {
    await eraseOwnedRows(knex, owner, request);
  };

/** The storefront's internal routes ops calls, served for a test, and ops' clients of them. */
export type StorefrontOwner = {
  base: string;
  writes: StorefrontWrites;
  uploads: MasterUploads;
  close(): Promise<void>;
};

/**
 * The storefront's internal routes (the owner of orders, files, releases, sessions and uploads that
 * ops asks, issue 52) served over real HTTP on `knex`, queueing mail on `queue` (else recorded and
 * dropped), with the clock `now`.
 */
export async function storefrontOwner(
  knex: Knex,
  queue = recordingQueue().queue as unknown as Queue,
  now = () => new Date(),
): Promise<StorefrontOwner> {
  const app = createService({
    name: 'storefront',
    knex,
    identitySecret: SECRET,
    logger: createLogger('storefront-test', 'silent'),
    routes: [],
    internal: [...masterUploadRoutes(knex), ...fulfilmentRoutes({ knex, queue, now })],
  });
  const served = await serveOverHttp(app);
  const call = ownerCalls('storefront', { url: served.base, keys: SECRET });
  return {
    base: served.base,
    writes: storefrontWritesOverHttp(call),
    uploads: masterUploadsOverHttp(call),
    close: () => served.close(),
  };
}

/**
 * For one test file of ops' timer jobs: a fresh database (`ctx.db`) and the storefront's internal routes
 * on it (`ctx.writes`, as the jobs call them), queueing mail on `queue`.
 */
export const storefrontOwnerPerFile = (queue?: Queue) =>
  perFile(async (db) => {
    const { writes, close } = await storefrontOwner(db.knex, queue);
    return { writes, close };
  });

/** The delivery link the mail worker mints, at send time, for a queued mail that asks for one. */
export function mintedDownloadUrl(publicUrl: string, job: QueuedJob): string {
  const { orderId, expiresAt } = job.data.downloadLink;
  return deliveryUrl(createDownloadLinks(SECRET), publicUrl, orderId, new Date(expiresAt));
}

/** The signed identity header of a caller with `role` (user `userId`, by default a fixed one). */
export const identityAs = (
  role: Role,
  userId = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  email = `${role}@example.com`,
) => identityHeaders(SECRET, role, { userId, email });

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

/**
 * The due time the services keep for an order seeded with `status`, paid at `paidAt`, in its first round
 * (promiseOf with the default settings), as `orders.due_at`: what a test seeding rows must write too.
 */
export const seededDueAt = (status: string, paidAt: Date | null | undefined) =>
  promiseOf(
    { status: status as OrderStatus, paidAt: paidAt ?? null, expectedAt: null, roundStartedAt: null },
    DEFAULT_REVISION_HOURS,
  )?.dueAt ?? null;

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
      dueAt: seededDueAt(o.status, paid ? o.at : null),
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
