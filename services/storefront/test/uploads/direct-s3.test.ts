// Direct uploads (issue 53): with STORAGE_DRIVER=s3 the browser's upload code (@mastering/ui/upload) sends
// a file in presigned multipart parts straight to the bucket, over real HTTP: the real gateway in front of
// the real storefront, s3rver as the bucket (with the CORS rule `npm start` gives it). Byte counters on
// the gateway's and the storefront's sockets show neither carried the file; the object read back matches.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_UPLOAD_NOT_BEGUN,
  DIRECT_UPLOAD_OTHER_FILE,
  directUploadPartsWrong,
  directUploadSizeWrong,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_NOT_AUDIO,
  UploadUrlResponse,
} from '@mastering/contracts';
import { Upload } from '@mastering/db';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { createStorage, directUploadOrigin, readStorageConfig } from '@mastering/storage';
import { beginDirectUpload, sendDirectParts, sendToStorage } from '@mastering/ui/upload';
import { createGateway } from '../../../gateway/src/app';
import { readGatewayConfig } from '../../../gateway/src/config';
import { SECRET, startStorefront, startTestBucket, type Storefront, wav } from '../support';

const MB = 1024 * 1024;
const BUCKET = 'direct-test';
let s3: Awaited<ReturnType<typeof startTestBucket>>;
let appsRoot: string;
let env: Record<string, string>;
let db: TestDatabase;
let storefront: Storefront;
let gateway: Server;
let site: string;
/** Bytes the storefront and the gateway read from their sockets. */
let counters: { storefront: SocketBytes; gateway: SocketBytes };

/** Sums the bytes a server read from its connections (bytesRead works whoever consumes the socket). */
type SocketBytes = { read(): number };
function countBytes(server: { on(event: 'connection', listener: (socket: Socket) => void): unknown }): SocketBytes {
  const sockets = new Set<Socket>();
  let closed = 0;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closed += socket.bytesRead;
      sockets.delete(socket);
    });
  });
  return { read: () => closed + [...sockets].reduce((sum, s) => sum + s.bytesRead, 0) };
}

const listen = async (server: { listen(port: number, host: string, cb: () => void): unknown; address(): unknown }) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  s3 = await startTestBucket(BUCKET);
  env = s3.env;

  db = await createTestDatabase();
  storefront = await startStorefront(db, env);
  // The storefront behind a byte-counting TCP relay: every byte it is sent passes the counter.
  const upstream = new URL(storefront.base);
  const relay = createTcpServer((inbound) => {
    const outbound = connect(Number(upstream.port), upstream.hostname);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  const relayPort = await listen(relay);
  const relayed = countBytes(relay);
  relayClose = () => new Promise((r) => relay.close(() => r()));

  appsRoot = await mkdtemp(path.join(os.tmpdir(), 'direct-apps-'));
  const config = readGatewayConfig({
    DATABASE_URL: db.connectionString,
    IDENTITY_SECRET: SECRET,
    STOREFRONT_URL: `http://127.0.0.1:${relayPort}`,
    OPS_URL: 'http://127.0.0.1:1',
    CONTENT_URL: 'http://127.0.0.1:1',
    EMAIL_URL: 'http://127.0.0.1:1',
    APPS_ROOT: appsRoot,
  });
  gateway = createServer(
    createGateway({
      config,
      knex: db.knex,
      logger: createLogger('gateway-test', 'silent'),
      uploadOrigin: directUploadOrigin(readStorageConfig(env)),
    }).callback(),
  );
  counters = { storefront: relayed, gateway: countBytes(gateway) };
  site = `http://127.0.0.1:${await listen(gateway)}`;
});
let relayClose: () => Promise<void> = async () => undefined;

afterAll(async () => {
  gateway?.closeAllConnections();
  await new Promise((r) => gateway?.close(r));
  await relayClose();
  await storefront?.close();
  await db?.destroy();
  await s3?.stop();
  if (appsRoot) await rm(appsRoot, { recursive: true, force: true });
});

const bucket = () => createStorage(readStorageConfig(env));
const idOf = (uploadURL: string) => uploadURL.split('/').at(-1)!;
const stored = async (uploadURL: string) => buffer((await bucket().get(`uploads/${idOf(uploadURL)}`))!.stream);
const rowOf = (uploadURL: string) => db.knex('uploads').where('id', idOf(uploadURL)).first();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Opens an upload URL through the gateway, as the upload page does. */
async function openUpload(): Promise<string> {
  const res = await fetch(`${site}/api/files/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  return UploadUrlResponse.parse(await res.json()).uploadURL;
}

/** A JSON call to the storefront through the gateway: its status and answer. */
async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(`${site}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const fileOf = (bytes: Buffer, name = 'Long Take.wav') =>
  new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });

describe('direct uploads to S3 (STORAGE_DRIVER=s3)', () => {
  it('sends a track straight to the bucket: the gateway and the storefront carry none of its bytes', async () => {
    const bytes = wav(20 * MB + 12_345);
    const uploadURL = await openUpload();
    const before = { gateway: counters.gateway.read(), storefront: counters.storefront.read() };
    const progress: number[] = [];
    const objectPath = await sendToStorage(fileOf(bytes), uploadURL, (sent) => progress.push(sent), { base: site })
      .done;
    const carried = {
      gateway: counters.gateway.read() - before.gateway,
      storefront: counters.storefront.read() - before.storefront,
    };
    // Five small JSON calls (begin, three signs, complete), headers included: a few KB, of a 20 MB file.
    console.log(
      `direct upload of ${bytes.length} bytes: gateway read ${carried.gateway} bytes, storefront ${carried.storefront}`,
    );
    expect(carried.gateway).toBeLessThan(16 * 1024);
    expect(carried.storefront).toBeLessThan(16 * 1024);
    expect(objectPath).toBe(`/objects/${idOf(uploadURL)}`);
    expect(sha256(await stored(uploadURL))).toBe(sha256(bytes));
    expect(progress.at(-1)).toBe(bytes.length);
    expect(await rowOf(uploadURL)).toMatchObject({
      status: 'completed',
      protocol: 's3',
      size: String(bytes.length),
      contentType: 'audio/wav',
      originalName: 'Long Take.wav',
    });
    // Through the bucket, the parts are held no longer than the upload: nothing is left on our disk.
    expect(await db.knex('disk_reservations').where('upload_id', idOf(uploadURL)).first()).toBeUndefined();
  });

  it("lets a page of the site PUT parts and read their ETag (the bucket's CORS rule)", async () => {
    const uploadURL = await openUpload();
    await call('POST', `${uploadURL}/multipart`, { filename: 'a.wav', filetype: 'audio/wav', size: MB });
    const { url } = (
      (await call('POST', `${uploadURL}/multipart/sign`, { partNumbers: [1] })).body.urls as {
        url: string;
      }[]
    )[0]!;
    // The site's pages may send requests to the bucket (CSP connect-src)…
    const csp = (await fetch(`${site}/api/config`)).headers.get('content-security-policy');
    expect(csp).toContain(`connect-src 'self' ${new URL(url).origin}`);
    // …and the bucket answers what Chromium asks before a cross-origin PUT, then the PUT itself.
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: site,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const put = await fetch(url, { method: 'PUT', headers: { origin: site }, body: new Uint8Array(wav(MB)) });
    expect(put.headers.get('access-control-allow-origin')).toBe('*');
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(put.headers.get('etag')).toBeTruthy();
  });

  it('completes an upload the bucket joined before its completion was recorded (a replica died between)', async () => {
    const bytes = wav(MB);
    const uploadURL = await openUpload();
    await call('POST', `${uploadURL}/multipart`, { filename: 'a.wav', filetype: 'audio/wav', size: bytes.length });
    const { url } = (
      (await call('POST', `${uploadURL}/multipart/sign`, { partNumbers: [1] })).body.urls as {
        url: string;
      }[]
    )[0]!;
    const etag = (await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).headers.get('etag')!;
    const row = await rowOf(uploadURL);
    await bucket().direct!.complete(row.objectKey, row.multipartId, [{ partNumber: 1, etag }]);
    expect(await call('POST', `${uploadURL}/multipart/complete`, { parts: [{ partNumber: 1, etag }] })).toEqual({
      status: 200,
      body: { objectPath: `/objects/${idOf(uploadURL)}`, size: bytes.length },
    });
    expect(await rowOf(uploadURL)).toMatchObject({ status: 'completed', size: String(bytes.length) });
  });

  it("takes an engineer's master the same way (opened by ops: no client address, no upload limits)", async () => {
    const [engineer] = await db
      .knex('users')
      .insert({ email: 'engineer@example.com', role: 'engineer', isActive: true })
      .returning('id');
    const { uploadURL } = await Upload.open(db.knex, { userId: engineer.id, originalName: 'Master.wav' }, 24);
    const bytes = wav(9 * MB);
    await sendToStorage(fileOf(bytes, 'Master.wav'), uploadURL, () => undefined, { base: site }).done;
    expect(sha256(await stored(uploadURL))).toBe(sha256(bytes));
    expect(await rowOf(uploadURL)).toMatchObject({ status: 'completed', protocol: 's3', clientAddress: null });
  });

  it('after a dropped connection sends again only the part that did not arrive', async () => {
    const bytes = wav(20 * MB);
    const uploadURL = await openUpload();
    const puts = new Map<number, number>();
    let dropped = false;
    // The network under the browser: the first PUT of part 2 is cut off.
    const flaky: typeof fetch = async (input, init) => {
      const url = new URL(String(input), site);
      const part = Number(url.searchParams.get('partNumber'));
      if (init?.method === 'PUT' && part) {
        puts.set(part, (puts.get(part) ?? 0) + 1);
        if (part === 2 && !dropped) {
          dropped = true;
          throw new TypeError('fetch failed: connection reset');
        }
      }
      return fetch(input, init);
    };
    const options = { base: site, fetch: flaky, retryDelaysMs: [0], concurrency: 1 };
    const plan = await beginDirectUpload(fileOf(bytes), uploadURL, options);
    expect(plan).toEqual({ direct: true, partSize: 8 * MB, partCount: 3 });
    if (!plan.direct) return;
    await sendDirectParts(fileOf(bytes), uploadURL, plan, () => undefined, options);
    expect(Object.fromEntries(puts)).toEqual({ 1: 1, 2: 2, 3: 1 });
    expect(sha256(await stored(uploadURL))).toBe(sha256(bytes));
  });

  it('skips a part the bucket lists as held when its answer was lost (ListParts)', async () => {
    const bytes = wav(20 * MB);
    const uploadURL = await openUpload();
    const puts = new Map<number, number>();
    const held: { partNumber: number; etag: string }[] = [];
    let lost = false;
    // Part 2 reaches the bucket but its answer is lost. s3rver cannot list parts (the storefront answers
    // `parts: null` for it), so the listing a server with ListParts gives is played here.
    const network: typeof fetch = async (input, init) => {
      const url = new URL(String(input), site);
      const part = Number(url.searchParams.get('partNumber'));
      if (init?.method === 'PUT' && part) {
        puts.set(part, (puts.get(part) ?? 0) + 1);
        const res = await fetch(input, init);
        held.push({ partNumber: part, etag: res.headers.get('etag')! });
        if (part === 2 && !lost) {
          lost = true;
          throw new TypeError('fetch failed: socket hang up');
        }
        return res;
      }
      if ((init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/multipart')) {
        expect((await (await fetch(input, init)).json()) as unknown).toEqual({ parts: null });
        return Response.json({ parts: held });
      }
      return fetch(input, init);
    };
    const options = { base: site, fetch: network, retryDelaysMs: [0], concurrency: 1 };
    const plan = await beginDirectUpload(fileOf(bytes), uploadURL, options);
    if (!plan.direct) throw new Error('not direct');
    await sendDirectParts(fileOf(bytes), uploadURL, plan, () => undefined, options);
    expect(Object.fromEntries(puts)).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(sha256(await stored(uploadURL))).toBe(sha256(bytes));
  });

  it('removes an object whose first bytes are not audio, and one not of the announced size', async () => {
    const noise = Buffer.alloc(6 * MB, 7);
    const notAudio = await openUpload();
    await expect(sendToStorage(fileOf(noise), notAudio, () => undefined, { base: site }).done).rejects.toMatchObject({
      cause: { status: 415, message: UPLOAD_BYTES_NOT_AUDIO },
    });
    expect(await bucket().exists(`uploads/${idOf(notAudio)}`)).toBe(false);
    expect(await rowOf(notAudio)).toMatchObject({ status: 'pending', protocol: null, multipartId: null });

    // Announced one byte longer than the file sent (by hand: a File's size is what it holds).
    const bytes = wav(MB);
    const lying = await openUpload();
    const begun = await call('POST', `${lying}/multipart`, {
      filename: 'a.wav',
      filetype: 'audio/wav',
      size: bytes.length + 1,
    });
    expect(begun.status).toBe(200);
    const signed = await call('POST', `${lying}/multipart/sign`, { partNumbers: [1] });
    const put = await fetch((signed.body.urls as { url: string }[])[0]!.url, {
      method: 'PUT',
      body: new Uint8Array(bytes),
    });
    const done = await call('POST', `${lying}/multipart/complete`, {
      parts: [{ partNumber: 1, etag: put.headers.get('etag') }],
    });
    expect(done).toEqual({ status: 400, body: { error: directUploadSizeWrong(bytes.length + 1, bytes.length) } });
    expect(await bucket().exists(`uploads/${idOf(lying)}`)).toBe(false);
  });

  it('refuses what the other protocols refuse before a part is signed, and parts outside the plan', async () => {
    const uploadURL = await openUpload();
    expect(await call('POST', `${uploadURL}/multipart/sign`, { partNumbers: [1] })).toEqual({
      status: 409,
      body: { error: DIRECT_UPLOAD_NOT_BEGUN },
    });
    expect(
      await call('POST', `${uploadURL}/multipart`, { filename: 'notes.txt', filetype: 'text/plain', size: 10 }),
    ).toEqual({ status: 415, body: { error: UPLOAD_NOT_AUDIO } });
    expect(
      (await call('POST', `${uploadURL}/multipart`, { filename: 'a.wav', filetype: 'audio/wav', size: 501 * MB }))
        .status,
    ).toBe(413);
    expect(await rowOf(uploadURL)).toMatchObject({ protocol: null, multipartId: null });

    expect(
      (await call('POST', `${uploadURL}/multipart`, { filename: 'a.wav', filetype: 'audio/wav', size: 9 * MB })).body,
    ).toEqual({ direct: true, partSize: 8 * MB, partCount: 2 });
    // Asked again (its answer lost): the same plan; for another file: refused.
    expect(
      (await call('POST', `${uploadURL}/multipart`, { filename: 'a.wav', filetype: 'audio/wav', size: 9 * MB })).body,
    ).toEqual({ direct: true, partSize: 8 * MB, partCount: 2 });
    expect(
      await call('POST', `${uploadURL}/multipart`, { filename: 'b.wav', filetype: 'audio/wav', size: 3 * MB }),
    ).toEqual({ status: 409, body: { error: DIRECT_UPLOAD_OTHER_FILE } });
    expect(await call('POST', `${uploadURL}/multipart/sign`, { partNumbers: [3] })).toEqual({
      status: 400,
      body: { error: directUploadPartsWrong(2) },
    });
    expect(await call('POST', `${uploadURL}/multipart/complete`, { parts: [{ partNumber: 1, etag: 'x' }] })).toEqual({
      status: 400,
      body: { error: directUploadPartsWrong(2) },
    });
    // The quota holds the declared bytes from the start; the other protocols are closed to this URL.
    expect(await rowOf(uploadURL)).toMatchObject({ protocol: 's3', declaredSize: String(9 * MB) });
    expect((await fetch(`${site}${uploadURL}`, { method: 'PUT', body: 'x' })).status).toBe(403);

    // Abandoned: its holds go back and the URL may begin again.
    expect(await call('DELETE', `${uploadURL}/multipart`)).toEqual({ status: 200, body: { ok: true } });
    expect(await rowOf(uploadURL)).toMatchObject({ protocol: null, multipartId: null, declaredSize: null });
  });
});

describe('direct uploads with the local disk', () => {
  it('answers direct: false, so the browser sends the file by tus', async () => {
    const local = await startStorefront(db);
    try {
      const res = await fetch(`${local.base}/api/files/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      const { uploadURL } = UploadUrlResponse.parse(await res.json());
      expect(await beginDirectUpload(fileOf(wav(300_000)), uploadURL, { base: local.base })).toEqual({ direct: false });
      expect(await rowOf(uploadURL)).toMatchObject({ status: 'pending', protocol: null });
      expect((await fetch(`${local.base}${uploadURL}/multipart`)).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});
