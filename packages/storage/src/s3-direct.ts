import type { S3Client } from '@aws-sdk/client-s3';
import { assertValidKey } from './keys';
import { type DirectUploads, PartsRefusedError, type StoredPart } from './types';

// Presigned multipart uploads: the browser PUTs each part to the bucket itself, and this side only begins,
// signs, lists and completes. The SDK is loaded on first use, as in s3.ts.
async function loadSdk() {
  const [sdk, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...sdk, getSignedUrl };
}

// What S3 answers when the named parts cannot make the object (missing, an ETag that differs, a part
// under 5 MiB but the last, an upload that no longer exists).
const REFUSALS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload', 'MalformedXML']);

/** True for the answer of an S3 server that lacks an operation (s3rver has no ListParts and no abort). */
function isUnsupported(err: unknown): boolean {
  const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    name === 'NotImplemented' ||
    name === 'MethodNotAllowed' ||
    $metadata?.httpStatusCode === 405 ||
    $metadata?.httpStatusCode === 501
  );
}

/**
 * Direct uploads into `bucket`. `client` does the calls; `signer` signs the part URLs the browser uses,
 * which may name another endpoint (S3_PUBLIC_ENDPOINT: the address browsers reach the bucket by, when the
 * services reach it by an inner one). Signing is offline, so the signer never needs to reach it.
 */
export function createS3DirectUploads(
  bucket: string,
  client: () => Promise<S3Client>,
  signer: () => Promise<S3Client>,
): DirectUploads {
  return {
    async begin(key) {
      assertValidKey(key);
      const { CreateMultipartUploadCommand } = await loadSdk();
      const { UploadId } = await (await client()).send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
      if (!UploadId) throw new Error(`The storage began no multipart upload for ${key}`);
      return UploadId;
    },

    async signPart(key, uploadId, partNumber, expiresInSeconds) {
      assertValidKey(key);
      const { UploadPartCommand, getSignedUrl } = await loadSdk();
      const command = new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber });
      return getSignedUrl(await signer(), command, { expiresIn: expiresInSeconds });
    },

    async listParts(key, uploadId) {
      assertValidKey(key);
      const { ListPartsCommand } = await loadSdk();
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await (await client()).send(
            new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
          );
          for (const p of page.Parts ?? [])
            if (p.PartNumber && p.ETag) parts.push({ partNumber: p.PartNumber, etag: p.ETag });
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (err) {
        if (isUnsupported(err)) return null;
        throw err;
      }
      return parts;
    },

    async complete(key, uploadId, parts) {
      assertValidKey(key);
      const { CompleteMultipartUploadCommand } = await loadSdk();
      try {
        await (await client()).send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
          }),
        );
      } catch (err) {
        const name = (err as { name?: string }).name ?? '';
        // s3rver answers a part it does not hold with a bare 400/404 instead of InvalidPart.
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (REFUSALS.has(name) || status === 400 || status === 404) throw new PartsRefusedError(name || String(status));
        throw err;
      }
    },

    async abort(key, uploadId) {
      assertValidKey(key);
      const { AbortMultipartUploadCommand } = await loadSdk();
      try {
        await (await client()).send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
        return true;
      } catch (err) {
        if (isUnsupported(err) || (err as { name?: string }).name === 'NoSuchUpload') return false;
        throw err;
      }
    },
  };
}
