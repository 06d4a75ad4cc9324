import { z } from 'zod';
import { createLocalStorage } from './local';
import { createS3Storage, type S3StorageOptions } from './s3';
import type { ObjectStorage } from './types';

export * from './types';
export { assertValidKey, isValidKey, InvalidKeyError } from './keys';
export { contentTypeFromKey } from './content-types';
export { sniffAudioFormat, SNIFF_BYTES } from './sniff';
export { createLocalStorage, localObjectPath, syncToDisk } from './local';
export { createS3Client, createS3Storage, type S3StorageOptions } from './s3';
export { directUploadOrigin } from './direct-origin';

/** Which storage to use: the local disk under `root`, or an S3-compatible bucket. */
export type StorageConfig = { driver?: 'local'; root?: string } | ({ driver: 's3' } & S3StorageOptions);

/** Default root of the local driver, relative to the working directory (the repo root under `npm start`). */
export const DEFAULT_STORAGE_ROOT = '.data/storage';

/** Creates the configured object storage; the local disk under `.data/storage` unless told otherwise. */
export function createStorage(config: StorageConfig = {}): ObjectStorage {
  const driver = config.driver ?? 'local';
  switch (driver) {
    case 'local':
      return createLocalStorage((config as { root?: string }).root ?? DEFAULT_STORAGE_ROOT);
    case 's3':
      return createS3Storage(config as S3StorageOptions);
    default:
      throw new Error(`Unknown storage driver: ${String(driver)}`);
  }
}

const optional = z.string().trim().min(1).optional();

// An empty setting means "unset", as everywhere in .env.example.
const StorageEnv = z
  .object({
    STORAGE_DRIVER: z.enum(['local', 's3'], 'STORAGE_DRIVER must be local or s3').default('local'),
    STORAGE_DIR: optional,
    S3_BUCKET: optional,
    S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL').optional(),
    S3_REGION: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_PUBLIC_ENDPOINT: z.url('S3_PUBLIC_ENDPOINT must be a URL').optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false').optional(),
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET, {
    message: 'S3_BUCKET is required when STORAGE_DRIVER=s3',
    path: ['S3_BUCKET'],
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

/**
 * The storage the settings choose: `STORAGE_DRIVER=local` (default, files under STORAGE_DIR) or `s3`
 * (S3_BUCKET, S3_ENDPOINT, S3_PUBLIC_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE).
 * Throws with every problem listed, so a misconfigured service fails at boot.
 */
export function readStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const withoutEmpty = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = StorageEnv.safeParse(withoutEmpty);
  if (!parsed.success) {
    throw new Error(
      `Invalid storage configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const s = parsed.data;
  if (s.STORAGE_DRIVER === 'local') return { driver: 'local', root: s.STORAGE_DIR };
  return {
    driver: 's3',
    bucket: s.S3_BUCKET!,
    endpoint: s.S3_ENDPOINT,
    region: s.S3_REGION,
    accessKeyId: s.S3_ACCESS_KEY_ID,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY,
    publicEndpoint: s.S3_PUBLIC_ENDPOINT,
    forcePathStyle: s.S3_FORCE_PATH_STYLE === undefined ? undefined : s.S3_FORCE_PATH_STYLE === 'true',
  };
}
