import { createLocalStorage } from './local';
import type { ObjectStorage } from './types';

export * from './types';
export { assertValidKey, isValidKey, InvalidKeyError } from './keys';
export { contentTypeFromKey } from './content-types';
export { createLocalStorage } from './local';

/**
 * Which storage to use. Only `local` exists today; an S3-compatible driver would add
 * `{ driver: 's3'; bucket; endpoint?; region? }` here and one branch in createStorage.
 */
export type StorageConfig = { driver?: 'local'; root?: string };

/** Default root of the local driver, relative to the working directory (the repo root under `npm start`). */
export const DEFAULT_STORAGE_ROOT = '.data/storage';

/** Creates the configured object storage; the local disk under `.data/storage` unless told otherwise. */
export function createStorage(config: StorageConfig = {}): ObjectStorage {
  const driver = config.driver ?? 'local';
  switch (driver) {
    case 'local':
      return createLocalStorage(config.root ?? DEFAULT_STORAGE_ROOT);
    default:
      throw new Error(`Unknown storage driver: ${String(driver)}`);
  }
}
