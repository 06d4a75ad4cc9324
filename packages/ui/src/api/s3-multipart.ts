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

/** Statuses worth another try: the connection or a server in between, not the request itself. */
const retryable = (err: unknown) =>
  !(err instanceof DirectUploadError) || err.status >= 500 || err.status === 408 || err.status === 429;

const DEFAULT_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

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
    /** PUTs one part's bytes to its presigned URL; answers the ETag the bucket gave it. */
    putPart: async (partUrl: string, bytes: Blob) => {
      const res = await send(partUrl, { method: 'PUT', body: bytes, signal });
      await res.arrayBuffer().catch(() => undefined);
      const etag = res.headers.get('etag');
      if (!res.ok) throw new DirectUploadError(res.status, `The storage answered ${res.status}`);
      // Without it the bucket's CORS rule lacks `ExposeHeaders: ETag`; the upload cannot be completed.
      if (!etag) throw new DirectUploadError(502, 'The storage answered no ETag');
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
  return clientFor(uploadURL, options, signal).begin(file);
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
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const bytesOf = (n: number) => file.slice((n - 1) * plan.partSize, Math.min(n * plan.partSize, file.size));
  const stored = new Map<number, string>();
  let sent = 0;
  const record = (partNumber: number, etag: string) => {
    if (stored.has(partNumber)) return;
    stored.set(partNumber, etag);
    sent += bytesOf(partNumber).size;
    onProgress(sent, file.size);
  };

  /** Runs `step`, trying again after each delay while it fails retryably; `beforeRetry` runs before each retry. */
  const withRetries = async <T>(step: () => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await step();
      } catch (err) {
        if (signal.aborted || attempt >= delays.length || !retryable(err)) throw err;
        await sleep(delays[attempt]!);
        await beforeRetry?.().catch(() => undefined);
      }
    }
  };
  /** Learns the parts the bucket already holds (a PUT whose answer was lost counts as sent). */
  const catchUp = async () => {
    const { parts } = await client.list();
    for (const p of parts ?? []) if (p.partNumber <= plan.partCount) record(p.partNumber, p.etag);
  };

  const queue = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const partNumber = n;
      await withRetries(async () => {
        if (stored.has(partNumber)) return;
        const { urls } = await client.sign([partNumber]);
        record(partNumber, await client.putPart(urls[0]!.url, bytesOf(partNumber)));
      }, catchUp);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, plan.partCount) }, worker));
  const parts = [...stored].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
  return withRetries(() => client.complete(parts));
}

/** Abandons a direct upload under way (best effort: the sweep and the bucket's lifecycle rule are the backstop). */
export async function abortDirectUpload(uploadURL: string, options: DirectClientOptions = {}): Promise<void> {
  await clientFor(uploadURL, options, new AbortController().signal)
    .abort()
    .catch(() => undefined);
}
