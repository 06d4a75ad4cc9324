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
  /**
   * Uploads a browser sends straight to the storage in presigned parts (S3 multipart), so no app server
   * carries their bytes; absent where the storage has no URLs of its own (the local disk).
   */
  readonly direct?: DirectUploads;
}

/** A part a multipart upload holds: its number and the ETag its PUT answered. */
export type StoredPart = { partNumber: number; etag: string };

/**
 * S3 multipart uploads driven from outside: begun and completed (or aborted) here, each part PUT by the
 * browser to a presigned URL. Every call names the object key and the multipart upload's id.
 */
export interface DirectUploads {
  /** Begins a multipart upload of `key`; answers its id. */
  begin(key: string): Promise<string>;
  /** A URL anyone may PUT part `partNumber` to, for `expiresInSeconds`; signed without a round trip. */
  signPart(key: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string>;
  /** The parts the storage holds (ListParts), or null when the server cannot list them. */
  listParts(key: string, uploadId: string): Promise<StoredPart[] | null>;
  /** Joins the parts into the object `key`; PartsRefusedError when one is missing, changed or too small. */
  complete(key: string, uploadId: string, parts: StoredPart[]): Promise<void>;
  /** Drops the upload and its parts; false when the server cannot abort (its lifecycle rule then does). */
  abort(key: string, uploadId: string): Promise<boolean>;
}

/** Raised by DirectUploads.complete when the storage refuses the parts named. */
export class PartsRefusedError extends Error {
  constructor(readonly code: string) {
    super(`Multipart upload refused: ${code}`);
    this.name = 'PartsRefusedError';
  }
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
