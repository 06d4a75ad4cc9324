import { objectKeyOfPath, objectPathOfKey, STORAGE_UPLOAD_FAILED } from '@mastering/contracts';
import { Upload } from 'tus-js-client';

// The one way a browser sends a file to an upload URL (`/uploads/<id>`): the storefront's tracks and
// the engineers' masters alike.

/** How an upload reports its progress: bytes the server has acknowledged out of the file's size. */
export type UploadProgress = (sent: number, total: number) => void;

/** A running upload: its stored path once done, and a way to stop it (the item was removed). */
export interface RunningUpload {
  done: Promise<string>;
  abort: () => void;
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
      onSuccess: () => {
        // The address an order refers to: the object's, by the storage key its upload URL names.
        const key = objectKeyOfPath(uploadURL);
        if (key) resolve(objectPathOfKey(key));
        else reject(new Error(STORAGE_UPLOAD_FAILED));
      },
      onError: (cause) => reject(new Error(STORAGE_UPLOAD_FAILED, { cause })),
    });
    upload.start();
  });
  return { done, abort: () => void upload?.abort() };
}
