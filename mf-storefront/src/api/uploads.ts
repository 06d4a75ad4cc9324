import { GET_UPLOAD_URL_FAILED, objectPathFromUploadUrl, STORAGE_UPLOAD_FAILED, UploadUrlResponse } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { Upload } from 'tus-js-client';

/** How an upload reports its progress: bytes the server has acknowledged out of the file's size. */
export type UploadProgress = (sent: number, total: number) => void;

/** A running upload: its stored path once done, and a way to stop it (the item was removed). */
export interface RunningUpload {
  done: Promise<string>;
  abort: () => void;
}

async function fetchUploadUrl(): Promise<string> {
  try {
    return (await apiJson('POST', '/api/files/upload', undefined, { schema: UploadUrlResponse })).uploadURL;
  } catch (cause) {
    throw new Error(GET_UPLOAD_URL_FAILED, { cause });
  }
}

// The first answer sets the guest cookie that ties uploads (and then the order) to this browser. Asked
// at once, two files of a first batch would each get a different guest and the order would be refused.
let previousRequest: Promise<unknown> = Promise.resolve();

/** `POST /api/files/upload` (no body): where to send one file; requests go one after another (the files upload in parallel). */
export function requestUploadUrl(): Promise<string> {
  const next = previousRequest.then(fetchUploadUrl, fetchUploadUrl);
  previousRequest = next.catch(() => undefined);
  return next;
}

// Home connections drop; each retry first asks the server how much it holds and goes on from there.
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * Sends `file` to its upload URL with the tus protocol (tus-js-client): the upload is created at the
 * URL with the file's size, and a dropped connection resumes from the last byte stored. Resolves with the storage path the order refers to (spec §7).
 */
export function sendToStorage(file: File, uploadURL: string, onProgress: UploadProgress): RunningUpload {
  let upload: Upload | undefined;
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      // The upload URL is where this file's upload is created (a tus POST with its size, so a file over
      // the limit is refused before any byte is sent), then PATCHed and, after a drop, resumed.
      endpoint: uploadURL,
      retryDelays: RETRY_DELAYS_MS,
      // The URL is already known; a fingerprint store would only resume it across page reloads.
      storeFingerprintForResuming: false,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      onProgress: (sent, total) => onProgress(sent, total || file.size),
      onSuccess: () => resolve(objectPathFromUploadUrl(uploadURL)),
      onError: (cause) => reject(new Error(STORAGE_UPLOAD_FAILED, { cause })),
    });
    upload.start();
  });
  return { done, abort: () => void upload?.abort() };
}

/** One file's whole upload: ask for a URL, then send the file to it, reporting progress. */
export function uploadTrack(file: File, onProgress: UploadProgress): RunningUpload {
  let running: RunningUpload | undefined;
  let aborted = false;
  const done = requestUploadUrl().then((url) => {
    if (aborted) throw new Error(STORAGE_UPLOAD_FAILED);
    running = sendToStorage(file, url, onProgress);
    return running.done;
  });
  return {
    done,
    abort: () => {
      aborted = true;
      running?.abort();
    },
  };
}
