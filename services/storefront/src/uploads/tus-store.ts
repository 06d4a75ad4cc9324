import { createReadStream, mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileKvStore, type DataStore } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { UPLOAD_BYTES_NOT_AUDIO, type AudioFormat } from '@mastering/contracts';
import { syncToDisk, type ObjectStorage, type StorageConfig } from '@mastering/storage';
import { audioFormatOf, SNIFF_BYTES, sniffAudio } from './sniff';

/**
 * Where tus keeps an upload while its bytes arrive: files on this machine's disk, named by the upload's
 * object key (`uploads/<id>`). With the local storage driver that file IS the stored object. With S3
 * the finished file is promoted into the bucket under the same key, then removed here.
 *
 * Why not write tus uploads to S3 directly (@tus/s3-store)? Its resume needs S3's ListParts, which no
 * S3 server runnable offline in tests implements (s3rver answers 405), so that path could not be
 * tested; staging keeps the resume logic on the tested file store. The cost: a finished upload is
 * copied once more (disk -> bucket, streamed) before its last request answers. The site's own pages do
 * not come this way with S3: they send their files straight to the bucket (direct.ts), and tus there
 * serves only clients that speak nothing else.
 */
export interface TusStore {
  datastore: DataStore;
  /**
   * Makes a finished upload's bytes the stored object: on this disk, flushes them to it (tus writes
   * through the page cache); with S3, copies them into the bucket.
   */
  promote(objectKey: string, contentType: string | undefined): Promise<void>;
  /**
   * Removes what tus keeps for an upload: its record (which holds the file's name) and, when staged apart, its
   * partial file; never the stored object. Called once an upload is completed, and when one is swept.
   */
  forget(objectKey: string): Promise<void>;
  /** The audio format of an upload's bytes on this disk (before `promote`), or null. */
  formatOf(objectKey: string): Promise<AudioFormat | null>;
}

/**
 * tus's file store, taking only audio: the first write of an upload (at offset 0) is sniffed before a
 * byte is written, and refused (415) unless it begins as WAV, AIFF, FLAC, MP3 or M4A.
 */
class AudioFileStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (offset > 0) return super.write(readable, id, offset);
    const sniffed = await sniffAudio(readable);
    if (!sniffed.format) throw { status_code: 415, body: `${UPLOAD_BYTES_NOT_AUDIO}\n` };
    return super.write(sniffed.body, id, offset);
  }
}

/** The first bytes of a file (fewer when it is shorter). */
async function headOf(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
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

  const datastore = new AudioFileStore({ directory: root, configstore: new FileKvStore(records) });
  const formatOf = async (objectKey: string) => audioFormatOf(await headOf(staged(objectKey)));
  if (config.driver !== 's3')
    return { datastore, promote: (objectKey) => syncToDisk(staged(objectKey)), forget: forgetRecord, formatOf };
  return {
    datastore,
    formatOf,
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
