import {
  CompleteDirectUploadBody,
  DirectUploadPlan,
  SignedParts,
  StoredUpload,
  UploadedParts,
  type UploadedPart,
} from '@mastering/contracts';

// The browser's side of a direct upload (STORAGE_DRIVER=s3): the file goes in parts straight to the
// bucket, each part PUT to a URL the storefront presigns, and the storefront completes the upload. Plain
// fetch, so the same code runs in Node (the bench and the tests send files with it).

/** What the direct client needs from its surroundings; the defaults are the browser's. */
export type DirectClientOptions = {
  /** The site's address, for relative upload URLs outside a page (Node); a page uses its own. */
  base?: string;
  fetch?: typeof fetch;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Waits before each retry of a failed part or call; a part that still fails after the last one fails the upload. */
  retryDelaysMs?: readonly number[];
  /** Waits `ms` (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
};

/** A file (or any Blob with a name): what the upload page holds. */
export type UploadFile = Blob & { name: string };

/** A failed answer of the storefront or the bucket: its status and the message to show. */
export class DirectUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DirectUploadError';
  }
}

/** Answers worth another try: a dropped connection, or a server (or one in between) away for a moment. */
const retryable = (err: unknown) =>
  !(err instanceof DirectUploadError) || [408, 500, 502, 503, 504].includes(err.status);

/**
 * Parts signed per call to the storefront. Their URLs are used within the next few parts' time (minutes on
 * a slow line; a URL lasts up to an hour), and the storefront signs at most 100 at once.
 */
const SIGN_AHEAD = 16;

// Home connections drop; the waits before each try again, as the tus client's.
const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

/**
 * Runs `step`, trying again after each of the retry delays while it fails retryably (never once `signal`
 * aborted); `beforeRetry` runs before each new try.
 */
async function withRetries<T>(
  step: () => Promise<T>,
  options: DirectClientOptions,
  signal: AbortSignal,
  beforeRetry?: () => Promise<void>,
): Promise<T> {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (signal.aborted || attempt >= delays.length || !retryable(err)) throw err;
      await sleep(delays[attempt]!);
      await beforeRetry?.().catch(() => undefined);
    }
  }
}

/**
 * PUTs `bytes` to a presigned part URL with XMLHttpRequest, which (unlike fetch) reports the bytes sent
 * as they go, so a slow line's progress bar moves within a part; answers the response's ETag header.
 */
function putWithProgress(url: string, bytes: Blob, signal: AbortSignal, onSent: (bytes: number) => void) {
  return new Promise<{ status: number; etag: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
    xhr.onerror = () => reject(new TypeError('The connection to the storage failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(bytes);
  });
}

/** A direct client bound to one upload URL: the storefront's JSON calls at `<uploadURL>/multipart`. */
function clientFor(uploadURL: string, options: DirectClientOptions, signal: AbortSignal) {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const url = (path: string) => (options.base ? new URL(path, options.base).toString() : path);
  const multipart = `${uploadURL.replace(/\/$/, '')}/multipart`;
  const json = async <T>(
    method: string,
    path: string,
    schema: { parse(v: unknown): T },
    body?: unknown,
  ): Promise<T> => {
    const res = await send(url(path), {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer: unknown = await res.json().catch(() => ({}));
    if (!res.ok) throw new DirectUploadError(res.status, (answer as { error?: string }).error ?? res.statusText);
    return schema.parse(answer);
  };
  return {
    begin: (file: UploadFile) =>
      json('POST', multipart, DirectUploadPlan, {
        filename: file.name,
        filetype: file.type || 'application/octet-stream',
        size: file.size,
      }),
    sign: (partNumbers: number[]) => json('POST', `${multipart}/sign`, SignedParts, { partNumbers }),
    list: () => json('GET', multipart, UploadedParts),
    complete: (parts: UploadedPart[]) =>
      json('POST', `${multipart}/complete`, StoredUpload, CompleteDirectUploadBody.parse({ parts })),
    abort: () => json('DELETE', multipart, { parse: (v: unknown) => v }),
    /**
     * PUTs one part's bytes to its presigned URL; answers the ETag the bucket gave it. In a browser (no
     * fetch given) by XMLHttpRequest, reporting the part's bytes sent as they go.
     */
    putPart: async (partUrl: string, bytes: Blob, onSent: (bytes: number) => void) => {
      const { status, etag } =
        !options.fetch && typeof XMLHttpRequest !== 'undefined'
          ? await putWithProgress(partUrl, bytes, signal, onSent)
          : await send(partUrl, { method: 'PUT', body: bytes, signal }).then(async (res) => {
              await res.arrayBuffer().catch(() => undefined);
              return { status: res.status, etag: res.headers.get('etag') };
            });
      if (status < 200 || status >= 300) throw new DirectUploadError(status, `The storage answered ${status}`);
      // Without it the bucket's CORS rule lacks `ExposeHeaders: ETag`; the upload cannot be completed.
      if (!etag) throw new DirectUploadError(status, 'The storage answered no ETag');
      return etag;
    },
  };
}

/**
 * Begins a direct upload of `file` at `uploadURL`: the plan of its parts, or `{ direct: false }` when the
 * storage takes no direct uploads (the local disk: send the file to the URL by tus).
 */
export function beginDirectUpload(
  file: UploadFile,
  uploadURL: string,
  options: DirectClientOptions = {},
  signal = new AbortController().signal,
): Promise<DirectUploadPlan> {
  const client = clientFor(uploadURL, options, signal);
  return withRetries(() => client.begin(file), options, signal);
}

/**
 * Sends the parts of a begun direct upload (`concurrency` at a time) and completes it; resolves with the
 * stored upload. A part that fails is tried again after the next retry delay, and before that the
 * bucket is asked which parts it holds (ListParts, where the S3 server has it), so after a dropped
 * connection only the parts it lacks are sent again. `onProgress` hears the bytes of the parts stored.
 */
export async function sendDirectParts(
  file: UploadFile,
  uploadURL: string,
  plan: { partSize: number; partCount: number },
  onProgress: (sent: number, total: number) => void,
  options: DirectClientOptions = {},
  signal = new AbortController().signal,
): Promise<{ objectPath: string; size: number }> {
  const client = clientFor(uploadURL, options, signal);
  const bytesOf = (n: number) => file.slice((n - 1) * plan.partSize, Math.min(n * plan.partSize, file.size));
  const stored = new Map<number, string>();
  /** Bytes of the parts on their way, as far as each has gone. */
  const sending = new Map<number, number>();
  let sent = 0;
  const report = () => onProgress(sent + [...sending.values()].reduce((a, b) => a + b, 0), file.size);
  const record = (partNumber: number, etag: string) => {
    sending.delete(partNumber);
    if (stored.has(partNumber)) return;
    stored.set(partNumber, etag);
    sent += bytesOf(partNumber).size;
    report();
  };
  /** Learns the parts the bucket already holds (a PUT whose answer was lost counts as sent). */
  const catchUp = async () => {
    const { parts } = await client.list();
    for (const p of parts ?? []) if (p.partNumber <= plan.partCount) record(p.partNumber, p.etag);
  };
  const queue = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  /** Part URLs asked for and not used yet, by part number (each is used once: a part sent again is signed again). */
  const signing = new Map<number, Promise<string>>();
  /**
   * The presigned URL of `partNumber`, signed with the next parts waiting in the queue in one call: one
   * round trip to the storefront per SIGN_AHEAD parts instead of one before every part, during which that
   * part's sender sat idle.
   */
  const urlOf = (partNumber: number): Promise<string> => {
    const ahead = signing.get(partNumber);
    signing.delete(partNumber);
    if (ahead) return ahead;
    const batch = [partNumber, ...queue.filter((n) => !signing.has(n)).slice(0, SIGN_AHEAD - 1)];
    const urls = client.sign(batch).then(({ urls }) => new Map(urls.map((u) => [u.partNumber, u.url])));
    for (const n of batch.slice(1)) {
      const url = urls.then((byPart) => byPart.get(n)!);
      // A failed call fails the part that waits for it; the others ask again when their turn comes.
      url.catch(() => signing.get(n) === url && signing.delete(n));
      signing.set(n, url);
    }
    return urls.then((byPart) => byPart.get(partNumber)!);
  };
  const sendPart = async (partNumber: number) => {
    if (stored.has(partNumber)) return;
    const url = await urlOf(partNumber);
    try {
      const etag = await client.putPart(url, bytesOf(partNumber), (bytes) => {
        sending.set(partNumber, bytes);
        report();
      });
      record(partNumber, etag);
    } catch (err) {
      sending.delete(partNumber);
      throw err;
    }
  };

  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const partNumber = n;
      await withRetries(() => sendPart(partNumber), options, signal, catchUp);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, plan.partCount) }, worker));
  const parts = [...stored].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
  return withRetries(() => client.complete(parts), options, signal);
}

/** Abandons a direct upload under way (best effort: the sweep and the bucket's lifecycle rule are the backstop). */
export async function abortDirectUpload(uploadURL: string, options: DirectClientOptions = {}): Promise<void> {
  await clientFor(uploadURL, options, new AbortController().signal)
    .abort()
    .catch(() => undefined);
}
