// The site's CSP must let the upload page PUT parts where the part URLs point: the origin worked out from
// the settings is the one the SDK's presigner actually signs (offline: no S3 server is asked).
import { describe, expect, it } from 'vitest';
import { createStorage, directUploadOrigin, readStorageConfig } from '../src/index';

const keys = { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };

describe('directUploadOrigin', () => {
  it.each([
    ['AWS, default region', { S3_BUCKET: 'tracks' }],
    ['AWS, Cape Town', { S3_BUCKET: 'tracks', S3_REGION: 'af-south-1' }],
    ['MinIO, path-style', { S3_BUCKET: 'tracks', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' }],
    ['R2, virtual host', { S3_BUCKET: 'tracks', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com' }],
    [
      'a public endpoint for browsers',
      {
        S3_BUCKET: 'tracks',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.com',
        S3_FORCE_PATH_STYLE: 'true',
      },
    ],
  ])('is where the presigned part URLs point: %s', async (_, settings) => {
    const config = readStorageConfig({ STORAGE_DRIVER: 's3', ...keys, ...settings });
    const url = await createStorage(config).direct!.signPart('uploads/x', 'upload-1', 1, 60);
    expect(directUploadOrigin(config)).toBe(new URL(url).origin);
  });

  it('is none for the local disk', () => {
    expect(directUploadOrigin(readStorageConfig({}))).toBeNull();
    expect(createStorage(readStorageConfig({})).direct).toBeUndefined();
  });
});
