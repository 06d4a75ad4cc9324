import type { S3StorageOptions } from './s3';

/**
 * The origin browsers send direct uploads' parts to (the presigned part URLs'), for the site's Content
 * Security Policy (`connect-src`): the public endpoint, else the endpoint, with the bucket in the host
 * unless path-style; AWS itself without either. Null for the local disk, which takes no direct uploads.
 */
export function directUploadOrigin(config: { driver?: 'local' | 's3' } & Partial<S3StorageOptions>): string | null {
  if (config.driver !== 's3' || !config.bucket) return null;
  const endpoint = config.publicEndpoint ?? config.endpoint;
  if (!endpoint) return `https://${config.bucket}.s3.${config.region ?? 'us-east-1'}.amazonaws.com`;
  const url = new URL(endpoint);
  return config.forcePathStyle ? url.origin : `${url.protocol}//${config.bucket}.${url.host}`;
}
