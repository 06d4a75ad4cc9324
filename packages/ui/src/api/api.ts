import type { ErrorBody } from '@mastering/contracts';
import type { QueryFunction } from '@tanstack/react-query';

/**
 * A non-2xx answer. The message is the spec's `"<status>: <body or status text>"`; `body` is the
 * API's JSON error `{error, details}` when the server sent one, `json` whatever JSON it sent.
 */
export class ApiError extends Error {
  /** The API's `{ error, details }`, or null when the body was not that JSON (a proxy's HTML page, plain text). */
  readonly body: ErrorBody | null;
  /** The parsed JSON body of any shape (undefined when the body is not JSON). */
  readonly json: unknown;

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly text: string,
  ) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.json = parseJson(text);
    this.body = readErrorBody(this.json);
  }
}

/**
 * The API's `{ error, details }` in `json`, or null: the rule of ErrorBody in contracts, read without
 * zod so that every page's first load does not carry it (test/api.test.ts holds the two together).
 */
export function readErrorBody(json: unknown): ErrorBody | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const { error, details } = json as Record<string, unknown>;
  if (typeof error !== 'string') return null;
  return 'details' in json ? { error, details } : { error };
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Throws an ApiError for a non-2xx response; a 2xx response passes untouched. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, res.statusText, await res.text());
}

/** What a caller may add to a request. */
export interface ApiRequestInit<T = unknown> {
  signal?: AbortSignal;
  cache?: RequestCache;
  /** Parses the JSON answer (a contracts schema); without it the answer is trusted as T. */
  schema?: { parse(data: unknown): T };
  /** More request headers (e.g. an order's Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * The browser's one call to `fetch`: sends cookies, sends a body as JSON with its content type,
 * and turns a non-2xx answer into an ApiError.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init: Omit<ApiRequestInit, 'schema'> = {},
): Promise<Response> {
  const headers = { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers };
  const res = await fetch(url, {
    method,
    // No headers at all when there is nothing to say (a bodiless POST stays a simple request).
    headers: Object.keys(headers).length > 0 ? headers : undefined,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: init.signal,
    cache: init.cache,
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer (undefined for an empty body), parsed with `init.schema` when given. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  init: ApiRequestInit<T> = {},
): Promise<T> {
  const res = await apiRequest(method, url, body, init);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return init.schema ? init.schema.parse(data) : (data as T);
}

/** What a query does when the server answers 401: give `null` (signed out) or fail. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Error message of a failed request as the spec words it, e.g. `"401: Unauthorized"`. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's own `error` text of a failed call (an ApiError with a JSON error body), else `fallback`. */
export function serverErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.error ? error.body.error : fallback;
}

/** Query function: GETs the query key's segments joined by '/' through apiJson. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiJson<T>('GET', queryKey.join('/'), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null as T;
      throw error;
    }
  };
}
