import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FileKvStore, type DataStore } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { ObjectStorage, StorageConfig } from '@mastering/storage';

/**
 * Where tus keeps an upload while its bytes arrive: files on this machine's disk, named by the upload's
 * object key (`uploads/<id>`). With the local storage driver that file IS the stored object. With S3
 * the finished file is promoted into the bucket under the same key, then removed here.
 *
 * Why not write tus uploads to S3 directly (@tus/s3-store)? Its resume needs S3's ListParts, which no
 * S3 server runnable offline in tests implements (s3rver answers 405), so that path could not be
 * tested; staging keeps the resume logic on the tested file store. The cost: a finished upload is
 * copied once more (disk -> bucket, streamed) before its last request answers.
 */
export interface TusStore {
  datastore: DataStore;
  /** Makes a finished upload's bytes the stored object (nothing to do when the storage is this disk). */
  promote(objectKey: string, contentType: string | undefined): Promise<void>;
  /** Removes what tus keeps for an upload: its record and, when staged apart, its partial file. */
  forget(objectKey: string): Promise<void>;
}

/**
 * The tus store for the object storage `config` describes. `stagingRoot` is the local folder tus writes
 * to: the storage root itself for the local driver, a scratch folder (STORAGE_DIR) for S3.
 */
export function createTusStore(config: StorageConfig, storage: ObjectStorage, stagingRoot: string): TusStore {
  const root = path.resolve(config.driver === 's3' ? stagingRoot : (config.root ?? stagingRoot));
  // A dot-leading folder is never an object key (see @mastering/storage keys), so tus's records stay
  // out of the objects. The records of `uploads/<id>` live in `.tus/uploads/`, which must exist.
  const records = path.join(root, '.tus');
  mkdirSync(path.join(records, 'uploads'), { recursive: true });
  mkdirSync(path.join(root, 'uploads'), { recursive: true });
  const staged = (objectKey: string) => path.join(root, objectKey);
  const forgetRecord = (objectKey: string) => rm(path.join(records, `${objectKey}.json`), { force: true });

  const datastore = new FileStore({ directory: root, configstore: new FileKvStore(records) });
  if (config.driver !== 's3') return { datastore, promote: async () => undefined, forget: forgetRecord };
  return {
    datastore,
    promote: async (objectKey, contentType) => {
      await storage.put(objectKey, createReadStream(staged(objectKey)), { contentType });
      await rm(staged(objectKey), { force: true });
      await forgetRecord(objectKey);
    },
    forget: async (objectKey) => {
      await rm(staged(objectKey), { force: true });
      await forgetRecord(objectKey);
    },
  };
}
