import type { Readable } from 'node:stream';

/** What can be stored: a stream (never buffered whole), or bytes/text already in memory. */
export type ObjectBody = Readable | Buffer | Uint8Array | string;

export type PutOptions = {
  /** Kept with the object; when absent, readers derive it from the key's extension. */
  contentType?: string;
  /** Abort with ObjectTooLargeError (storing nothing) once the body grows past this many bytes. */
  maxBytes?: number;
};

export type PutResult = { key: string; size: number };

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start: number; end?: number };

export type ObjectInfo = {
  key: string;
  /** Size of the whole object in bytes. */
  size: number;
  contentType?: string;
  modifiedAt: Date;
};

export type StoredObject = ObjectInfo & {
  /** The object's bytes, or only the requested range of them. */
  stream: Readable;
  /** The inclusive bounds actually served when a range was asked for. */
  range?: { start: number; end: number };
};

/**
 * Object storage as every service sees it. Keys are relative, slash-separated names checked by
 * `assertValidKey`. The interface is deliberately the common subset of a local disk and an
 * S3-compatible bucket (PutObject/GetObject with Range/HeadObject/DeleteObject), so callers work
 * unchanged with either driver of `createStorage`.
 */
export interface ObjectStorage {
  /** Writes an object atomically: readers see the old object or the whole new one, never a part. */
  put(key: string, body: ObjectBody, options?: PutOptions): Promise<PutResult>;
  /** Opens an object for reading (optionally a byte range of it); null when there is no such object. */
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  /** Size, content type and modification time of an object; null when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** True when an object exists under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removes an object; answers whether there was one. */
  delete(key: string): Promise<boolean>;
  /**
   * A time-limited URL a browser can download the object from directly (an S3 presigned GET), or
   * null when the storage has none and the app must serve the bytes itself (the local disk). It is
   * signed without a round trip, so it does not say whether the object exists.
   */
  downloadUrl(key: string, options?: { expiresInSeconds?: number }): Promise<string | null>;
}

/** Raised by `put` when a body is larger than its `maxBytes`; nothing is stored in that case. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** Raised by `get` when a requested byte range lies outside the object. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable for an object of ${size} bytes`);
    this.name = 'RangeNotSatisfiableError';
  }
}
