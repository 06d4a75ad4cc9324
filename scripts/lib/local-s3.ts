// `STORAGE_DRIVER=s3` without an S3_ENDPOINT, locally: an S3 API (s3rver, the one the storage tests use)
// in this process, its objects under the data folder, so every replica reads and writes one bucket.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CreateBucketCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '@mastering/storage';

const KEY = 'S3RVER';

/**
 * Browsers PUT direct uploads' parts to the bucket from the site's page (another origin), and read each
 * part's ETag to complete the upload: the CORS rule a real bucket needs too (see .env.example). Any
 * origin here: the local bucket serves only this machine, and the presigned URL is the permission.
 */
export const DIRECT_UPLOAD_CORS = {
  CORSRules: [
    {
      AllowedOrigins: ['*'],
      AllowedMethods: ['PUT', 'GET', 'HEAD'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag'],
      MaxAgeSeconds: 3600,
    },
  ],
};

/**
 * Starts s3rver on S3_PORT (default: any free port) with its data in `<dataDir>/s3`, makes the bucket
 * (allowing browsers' direct uploads by CORS),
 * and answers the S3 settings the services need plus a stop function.
 */
export async function startLocalS3(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ settings: Record<string, string>; stop: () => Promise<void> }> {
  const directory = path.join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: Number(env.S3_PORT ?? 0), directory, silent: true });
  const { port } = (await server.run()) as AddressInfo;
  const settings = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: env.S3_BUCKET ?? 'mastering',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = await createS3Client({
    endpoint: settings.S3_ENDPOINT,
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
  });
  // Made once; a bucket kept from an earlier run is fine.
  await client.send(new CreateBucketCommand({ Bucket: settings.S3_BUCKET })).catch((err: Error) => {
    if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
  });
  await client.send(new PutBucketCorsCommand({ Bucket: settings.S3_BUCKET, CORSConfiguration: DIRECT_UPLOAD_CORS }));
  return { settings, stop: () => server.close() };
}
