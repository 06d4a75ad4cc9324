import { GET_UPLOAD_URL_FAILED, STORAGE_UPLOAD_FAILED, UploadUrlResponse } from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { sendToStorage, type RunningUpload, type UploadProgress } from '@mastering/ui/upload';

export { sendToStorage, type RunningUpload, type UploadProgress };

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
