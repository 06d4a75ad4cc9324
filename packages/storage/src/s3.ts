import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import type { GetObjectCommandOutput, HeadObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { contentTypeFromKey } from './content-types';
import { assertValidKey } from './keys';
import { createS3DirectUploads } from './s3-direct';
import {
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
} from './types';

export type S3StorageOptions = {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint?: string;
  region?: string;
  /** Static credentials; without them the SDK's default chain (env, profile, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name; most self-hosted S3 servers need it. */
  forcePathStyle?: boolean;
  /**
   * The endpoint browsers reach the bucket by, for the part URLs of direct uploads, when it is not
   * `endpoint` (the services reach MinIO at http://minio:9000, browsers at https://files.example.com).
   */
  publicEndpoint?: string;
  /** Size of one multipart part (min 5 MB); a streamed put holds about `partSize x queueSize` in memory. */
  partSize?: number;
  /** Parts uploaded at once. */
  queueSize?: number;
  /** A ready client (tests instrument theirs); the connection options above are then ignored. */
  client?: S3Client;
};

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

// Metadata marking that the object's Content-Type was given or derived from its key at put time, so
// reads can tell it from the server's own default (application/octet-stream), as the local driver does.
const TYPED = 'mastering-content-type';

// The AWS SDK is about a quarter of a second of start-up for every service that stores files, and only
// the S3 driver needs it: it is loaded on the first S3 call, once per process. (Bare dynamic imports:
// the service bundles keep npm packages external, and esbuild keeps these loads where they are; Node
// loads each once and answers later imports from its module cache.)
async function loadSdk() {
  const [{ DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client }, { Upload }, { getSignedUrl }] =
    await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
  return { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, Upload, getSignedUrl };
}

/** The S3 client for these options: path-style when asked, checksums only where the API requires them. */
export async function createS3Client(options: Omit<S3StorageOptions, 'bucket' | 'client'>): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums use aws-chunked uploads, which many S3-compatible servers reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Object storage in an S3-compatible bucket, behind the same interface as the local disk. Puts are
 * streamed as multipart uploads (a part at a time in memory, never the whole body) and are atomic
 * like S3 itself: readers see the old object or the whole new one. A failed multipart upload is
 * aborted; a lifecycle rule "abort incomplete multipart uploads after 1 day" on the bucket is the
 * backstop for a process killed mid-upload.
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const { bucket } = options;
  let connecting: Promise<S3Client> | undefined;
  /** The client and the SDK's commands, loaded on first use. */
  const connect = async () => {
    const client = await (connecting ??= options.client ? Promise.resolve(options.client) : createS3Client(options));
    return { client, ...(await loadSdk()) };
  };
  let signing: Promise<S3Client> | undefined;
  /** The client that signs browsers' part URLs: the public endpoint's, else the one every call uses. */
  const signer = () =>
    (signing ??= options.publicEndpoint
      ? createS3Client({ ...options, endpoint: options.publicEndpoint })
      : connect().then(({ client }) => client));
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? DEFAULT_PART_SIZE);
  const queueSize = options.queueSize ?? 4;

  const info = (key: string, head: HeadObjectCommandOutput | GetObjectCommandOutput, size: number): ObjectInfo => ({
    key,
    size,
    contentType: head.Metadata?.[TYPED] ? head.ContentType : undefined,
    modifiedAt: head.LastModified ?? new Date(0),
  });

  const stat = async (key: string): Promise<ObjectInfo | null> => {
    assertValidKey(key);
    const { client, HeadObjectCommand } = await connect();
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return info(key, head, head.ContentLength ?? 0);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };

  return {
    async put(key, body, putOptions: PutOptions = {}) {
      assertValidKey(key);
      const { maxBytes } = putOptions;
      const contentType = putOptions.contentType ?? contentTypeFromKey(key);
      let size = 0;
      let tooLarge = false;
      let sourceError: unknown;
      let payload: Readable | Buffer;
      if (body instanceof Readable) {
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            if (maxBytes !== undefined && size > maxBytes) {
              tooLarge = true;
              done(new ObjectTooLargeError(maxBytes));
            } else done(null, chunk);
          },
        });
        payload = pipeline(body, counter, (err) => {
          if (err && !tooLarge) sourceError = err;
        });
      } else {
        payload =
          typeof body === 'string'
            ? Buffer.from(body, 'utf8')
            : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        size = payload.byteLength;
        if (maxBytes !== undefined && size > maxBytes) throw new ObjectTooLargeError(maxBytes);
      }
      const { client, Upload } = await connect();
      const upload = new Upload({
        client,
        partSize,
        queueSize,
        params: {
          Bucket: bucket,
          Key: key,
          Body: payload,
          ContentType: contentType,
          Metadata: contentType ? { [TYPED]: '1' } : undefined,
        },
      });
      try {
        await upload.done();
      } catch (err) {
        if (payload instanceof Readable) payload.destroy();
        // What went wrong first is what the caller needs, not a follow-up error of the abort.
        if (tooLarge) throw new ObjectTooLargeError(maxBytes!);
        throw sourceError ?? err;
      }
      return { key, size };
    },

    async get(key, getOptions = {}) {
      assertValidKey(key);
      const range = getOptions.range;
      if (
        range &&
        (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start))
      ) {
        throw new RangeNotSatisfiableError((await stat(key))?.size ?? 0);
      }
      const { client, GetObjectCommand } = await connect();
      let res: GetObjectCommandOutput;
      try {
        res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
      } catch (err) {
        if (isNotFound(err)) return null;
        if (statusOf(err) === 416) throw new RangeNotSatisfiableError((await stat(key))?.size ?? 0);
        throw err;
      }
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      const size = served ? Number(served[3]) : (res.ContentLength ?? 0);
      return {
        ...info(key, res, size),
        stream: res.Body as Readable,
        range: range && served ? { start: Number(served[1]), end: Number(served[2]) } : undefined,
      };
    },

    stat,

    async exists(key) {
      return (await stat(key)) !== null;
    },

    async delete(key) {
      // S3 deletes idempotently and does not say whether there was an object, so look first.
      if (!(await stat(key))) return false;
      const { client, DeleteObjectCommand } = await connect();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    },

    async downloadUrl(key, { expiresInSeconds = 3600 } = {}) {
      assertValidKey(key);
      const { client, GetObjectCommand, getSignedUrl } = await connect();
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: expiresInSeconds });
    },

    direct: createS3DirectUploads(bucket, async () => (await connect()).client, signer),
  };
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}
