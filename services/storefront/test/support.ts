// The storefront on the service test kit (@mastering/service-kit/testing): its app over real HTTP
// against a test database, with a queue that records what would be mailed and a storage folder of its own.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TestDatabase } from '@mastering/db/testing';
import type { Queue } from '@mastering/jobs';
import { expect } from 'vitest';
import { createLogger, createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import {
  identityHeaders,
  perFile,
  recordingQueue,
  serveOverHttp,
  tempFolder,
  type QueuedJob,
} from '@mastering/service-kit/testing';
import { CustomerOrderView, type OrderStatus, type Role } from '@mastering/contracts';
import { startLocalS3 } from '../../../scripts/lib/local-s3';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import type { FreeBytesOf } from '../src/uploads/free-space';

export const SECRET = 'p'.repeat(40);

/**
 * A bucket for the S3 tests: s3rver in this process on a free port, in a folder of its own, made as
 * `npm start` makes it (scripts/lib/local-s3.ts: the direct uploads' CORS rule too). Answers the
 * storefront's settings for it (`STORAGE_DRIVER=s3`, `S3_*`) and a stop that removes the folder.
 */
export async function startTestBucket(bucket: string): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const folder = await tempFolder('s3rver-storefront');
  const s3 = await startLocalS3(folder.dir, { S3_BUCKET: bucket });
  return {
    env: s3.settings,
    stop: async () => {
      await s3.stop();
      await folder.remove();
    },
  };
}

export type Storefront = {
  base: string;
  storageDir: string;
  /** Jobs the app enqueued (the email service's boundary), in order. */
  queued: QueuedJob[];
  close(): Promise<void>;
};

/** Starts the storefront with `env` on top of the test database's settings (and `now` as its clock, `freeBytes` measuring its disk, if given). */
export async function startStorefront(
  db: { connectionString: string; knex: Knex },
  env: Record<string, string> = {},
  now?: () => Date,
  { freeBytes }: { freeBytes?: FreeBytesOf } = {},
): Promise<Storefront> {
  const storage = await tempFolder('storefront-test');
  const config = readConfig({
    DATABASE_URL: db.connectionString,
    IDENTITY_SECRET: SECRET,
    STORAGE_DIR: storage.dir,
    ...env,
  });
  const { queue, queued } = recordingQueue();
  const served = await serveOverHttp(
    buildApp({
      config,
      knex: db.knex,
      queue: queue as unknown as Queue,
      logger: createLogger('storefront-test', 'silent'),
      now,
      freeBytes,
    }),
  );
  return {
    base: served.base,
    storageDir: storage.dir,
    queued,
    close: async () => {
      await served.close();
      await storage.remove();
    },
  };
}

/** The guest cookie (`gid=...`) a response set, ready for a Cookie header. */
export function guestCookieFrom(res: Response): string {
  const cookie = res.headers.get('set-cookie') ?? '';
  const match = /(?:^|,\s*)(gid=[^;]+)/.exec(cookie);
  if (!match) throw new Error(`no guest cookie in ${JSON.stringify(cookie)}`);
  return match[1]!;
}

/** Headers that make a request come from a signed-in user with `role`, as the gateway would sign them. */
export const signedInAs = (role: Role, userId = '00000000-0000-4000-8000-00000000000a') =>
  identityHeaders(SECRET, role, { userId });

/**
 * A WAV file of `size` bytes (at least 44): a canonical 16-bit stereo 44.1 kHz header, then random
 * samples. What the uploads' sniffing takes as audio; random bytes alone are refused.
 */
export function wav(size: number): Buffer {
  const file = randomBytes(Math.max(size, 44));
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(2, 22);
  file.writeUInt32LE(44_100, 24);
  file.writeUInt32LE(44_100 * 4, 28);
  file.writeUInt16LE(4, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(file.length - 44, 40);
  return file;
}

/** Opens an upload as a browser (a new guest unless `cookie` is given) and PUTs `body` whole; answers the cookie and stored path. */
export async function uploadWhole(
  site: Storefront,
  body: Buffer,
  { cookie, contentType = 'audio/wav' }: { cookie?: string; contentType?: string } = {},
) {
  const opened = await fetch(`${site.base}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
  const guest = cookie ?? guestCookieFrom(opened);
  const { uploadURL } = (await opened.json()) as { uploadURL: string };
  const put = await fetch(`${site.base}${uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  const { objectPath } = (await put.json()) as { objectPath: string };
  return { cookie: guest, uploadURL, objectPath };
}

/**
 * Gives the calling test file a fresh database and a started storefront for all its tests (torn down
 * after them). `env` is read when they start, so it may use what an earlier beforeAll set up.
 */
export function storefrontPerFile(
  env: () => Record<string, string> = () => ({}),
  prepare?: (db: TestDatabase) => Promise<void>,
  now?: () => Date,
) {
  const ctx = perFile(async (db) => {
    await prepare?.(db);
    const site = await startStorefront(db, env(), now);
    return { site, close: () => site.close() };
  });
  return ctx;
}

/**
 * A browser for the tests: the client address it speaks from (X-Forwarded-For, as the gateway sets
 * it) and the cookies the site has set it (kept and sent back; paths are not told apart).
 */
export class TestBrowser {
  constructor(
    readonly base: string,
    readonly address?: string,
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same browser (address and cookies, shared) speaking to `base`: another replica behind a balancer. */
  at(base: string): TestBrowser {
    return new TestBrowser(base, this.address, this.cookies);
  }

  /** The headers this browser sends: its address and its cookies, then `extra`. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return {
      ...(this.address ? { 'x-forwarded-for': this.address } : {}),
      ...(cookie ? { cookie } : {}),
      ...extra,
    };
  }

  /** POSTs `body` as JSON to `path` and keeps the cookies the answer sets. */
  async post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json', ...extra }),
      body: JSON.stringify(body),
    });
    this.keep(res);
    return res;
  }

  /** GETs `path` and keeps the cookies the answer sets. */
  async get(path: string): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, { headers: this.headers() });
    this.keep(res);
    return res;
  }

  /** Stores the cookies `res` sets; an emptied one is forgotten. */
  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

/** Inserts a one-track order (R499) in `status`, paid now unless `columns` say otherwise (any column given replaces the default); answers its id. */
export async function insertOneTrackOrder(
  knex: Knex,
  status: OrderStatus,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const [{ id }] = await knex('orders')
    .insert({
      customerEmail: 'artist@example.com',
      status,
      unitPriceCents: 49900,
      trackCount: 1,
      subtotalCents: 49900,
      totalCents: 49900,
      paidAt: new Date(),
      ...columns,
    })
    .returning('id');
  return id;
}

/** A one-track order inserted as insertOneTrackOrder does, with its file: answers its id and its page as the holder of its order link sees it. */
export async function oneTrackOrderPage(
  ctx: { db: { knex: Knex }; site: Storefront },
  status: OrderStatus,
  columns: Record<string, unknown> = {},
): Promise<{ id: string; page: CustomerOrderView }> {
  const id = await insertOneTrackOrder(ctx.db.knex, status, columns);
  await ctx.db
    .knex('orderFiles')
    .insert({ orderId: id, originalName: 'a.wav', fileName: 'a.wav', fileSize: 10, originalFilePath: 'x' });
  const token = new URL(orderPageUrl(createOrderLinks(SECRET), 'http://x', id)).searchParams.get('t')!;
  const res = await fetch(`${ctx.site.base}/api/orders/${id}/view?t=${token}`);
  expect(res.status).toBe(200);
  return { id, page: CustomerOrderView.parse(await res.json()) };
}
