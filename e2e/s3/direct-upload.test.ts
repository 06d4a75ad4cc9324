import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { RequestLogger } from 'testcafe';
import { encodeWav } from '../../packages/db/src/seed/wav';
import { bytesRead } from '../../scripts/lib/proc-io';
import { byTestId, checkoutUploads, clickAndLeave, EMPTY_PAGE, expectLandedOn, SITE, uploadFiles } from '../support';

// Issue 53 item 3 in a real browser: with STORAGE_DRIVER=s3 (scripts/e2e.ts runs e2e/s3 against a stack with its
// own s3rver) a customer's track goes in parts from the page straight to the bucket, by presigned URLs the
// storefront signs; the storefront completes it, and the order is paid on the Yoco sandbox as always. The bytes
// the gateway and the storefront read meanwhile (/proc) show neither carried the track.

/** The stack's S3 settings (S3_ENDPOINT, S3_BUCKET, keys), given by scripts/e2e.ts. */
const S3 = JSON.parse(process.env.E2E_S3_SETTINGS ?? 'null') as Record<string, string> | null;
if (!S3) throw new Error('E2E_S3_SETTINGS is not set: run e2e/s3 with `npm run test:e2e`');
const PIDS = { gateway: Number(process.env.E2E_GATEWAY_PID), storefront: Number(process.env.E2E_STOREFRONT_PID) };

const NAME = 'Straight To The Bucket.wav';
const RATE = 44_100;
/** 200 s of a quiet 220 Hz tone, 17.6 MB: three parts of a direct upload (8 MB each, the last shorter). */
const TRACK = encodeWav(
  Float32Array.from({ length: RATE * 200 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 220 * i) / RATE)),
  RATE,
);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The browser's PUTs to the bucket (TestCafe sees every request the page makes). */
const bucketPuts = RequestLogger(
  (request) => request.method.toLowerCase() === 'put' && request.url.startsWith(`${S3.S3_ENDPOINT}/`),
);

/** The newest upload of `name`, as the storefront recorded it. */
async function uploadRow(name: string) {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select id, protocol, status, size from uploads where original_name = $1 order by created_at desc limit 1',
      [name],
    );
    return rows[0] as { id: string; protocol: string; status: string; size: string };
  } finally {
    await client.end();
  }
}

/** The bytes of the object at `key` in the stack's bucket. */
async function objectBytes(key: string): Promise<Buffer> {
  const s3 = new S3Client({
    endpoint: S3!.S3_ENDPOINT,
    region: S3!.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: S3!.S3_ACCESS_KEY_ID!, secretAccessKey: S3!.S3_SECRET_ACCESS_KEY! },
  });
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: S3!.S3_BUCKET, Key: key }));
    return await buffer(object.Body as Readable);
  } finally {
    s3.destroy();
  }
}

/** What the gateway and the storefront have read so far, in bytes. */
const carriedSoFar = () => ({ gateway: bytesRead(PIDS.gateway), storefront: bytesRead(PIDS.storefront) });

fixture('Direct upload to S3')
  .page(EMPTY_PAGE)
  .requestHooks(bucketPuts)
  .before(async (ctx) => {
    ctx.dir = mkdtempSync(join(tmpdir(), 'direct-upload-e2e-'));
    writeFileSync(join(ctx.dir as string, NAME), TRACK);
  })
  .after(async (ctx) => rmSync(ctx.dir as string, { recursive: true, force: true }));

test('a track goes from the page to the bucket in parts, whole and unchanged, and its order is paid', async (t) => {
  await t.navigateTo(`${SITE}/upload`);
  const before = carriedSoFar();
  await uploadFiles(t, [join(t.fixtureCtx.dir as string, NAME)]);
  const after = carriedSoFar();
  const carried = { gateway: after.gateway - before.gateway, storefront: after.storefront - before.storefront };
  console.log(
    `direct upload of ${TRACK.length} bytes: the gateway read ${carried.gateway} bytes meanwhile, the storefront ${carried.storefront}`,
  );
  // By tus through them, each would have read the whole track. What they read instead: their JSON calls (begin,
  // sign, complete, the mix check's polls) and database answers, kilobytes; and, as rchar counts files too, the
  // storefront's first use of the AWS SDK loads its modules (1.5 MB in the first run). The exact count of socket
  // bytes, a few KB, is services/storefront/test/uploads/direct-s3.test.ts's.
  await t.expect(carried.gateway).lt(TRACK.length / 4, 'the gateway carried no upload bytes');
  await t.expect(carried.storefront).lt(TRACK.length / 4, 'the storefront carried no upload bytes');

  const parts = bucketPuts.requests.map((r) => new URL(r.request.url).searchParams.get('partNumber')).sort();
  await t.expect(parts).eql(['1', '2', '3'], 'the page PUT three parts to the bucket');
  const row = await uploadRow(NAME);
  await t
    .expect({ protocol: row.protocol, status: row.status, size: row.size })
    .eql({ protocol: 's3', status: 'completed', size: String(TRACK.length) });
  const stored = await objectBytes(`uploads/${row.id}`);
  await t.expect(stored.length).eql(TRACK.length);
  await t.expect(sha256(stored)).eql(sha256(TRACK), 'the object in the bucket is the file chosen');

  await checkoutUploads(t, `direct-${Date.now()}@example.com`);
  await clickAndLeave(byTestId('sandbox-pay'));
  await expectLandedOn('page-payment-success');
  await t.expect(byTestId('order-details').innerText).contains(NAME);
});
