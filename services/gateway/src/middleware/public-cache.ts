// A short-lived cache of public reads at the gateway. A service opts an answer in with the targeted
// field `Gateway-Cache-Control: max-age=N` (RFC 9213's idea of a Cache-Control meant for one cache;
// the gateway removes it, so browsers and any CDN see only the ordinary Cache-Control). By sending it a
// service promises the answer is the same for every caller, signed in or not. Only a 200 to a GET,
// marked `public`, without Set-Cookie is kept, for N seconds at most. A
// successful write through the gateway to a back-office path drops the whole cache at once, here and
// (through `purges`) on every other gateway, so an admin's change shows on the next page load.
import type { IncomingHttpHeaders } from 'node:http';
import type { Context, Middleware } from 'koa';
import { GATEWAY_CACHE_HEADER } from '@mastering/service-kit';

/** Entries kept at most; the oldest go first (the cache is for a handful of hot public lists). */
const MAX_ENTRIES = 500;
/** A body larger than this is never kept. */
const MAX_BODY_BYTES = 1024 * 1024;

type Entry = { status: number; headers: IncomingHttpHeaders; body: Buffer; storedAt: number; expiresAt: number };

/** How the other gateways hear of a purge: `announce` sends one, `onPurge` is called for each heard. */
export type PurgeChannel = { announce(): void; onPurge(listener: () => void): void };

/** A channel that reaches only this process (one gateway, and the tests). */
export const localPurges = (): PurgeChannel => ({ announce() {}, onPurge() {} });

/** The kept answers and the two operations on them. */
export type PublicCache = ReturnType<typeof createPublicCache>;

/**
 * A cache of at most MAX_ENTRIES public answers, each kept for the service's max-age but at most
 * `maxSeconds` (0: nothing is kept); `now` is injectable for the tests.
 */
export function createPublicCache({ purges = localPurges(), now = Date.now, maxSeconds = 60 } = {}) {
  const entries = new Map<string, Entry>();
  // Bumped by every purge: an answer whose request began before a purge is not kept (it may predate the write).
  let generation = 0;
  const purge = () => {
    generation++;
    entries.clear();
  };
  purges.onPurge(purge);
  return {
    /** The live entry for `key`, or undefined. */
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= now()) entries.delete(key);
      else return entry;
    },
    /** The purge generation now: pass it to `store` when the answer arrives. */
    generation: () => generation,
    /** Keeps a 200 answer under `key` for `seconds`, unless a purge happened since `since` (its generation). */
    store(key: string, since: number, seconds: number, headers: IncomingHttpHeaders, body: Buffer): void {
      const keep = Math.min(seconds, maxSeconds);
      if (keep <= 0 || since !== generation || body.length > MAX_BODY_BYTES) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const storedAt = now();
      entries.set(key, { status: 200, headers, body, storedAt, expiresAt: storedAt + keep * 1000 });
    },
    /** Drops every entry here and on the other gateways. */
    purgeEverywhere(): void {
      purge();
      purges.announce();
    },
    size: () => entries.size,
    now,
  };
}

/** Seconds the gateway may keep this answer: 0 unless it is a public 200 with the targeted max-age and no cookie. */
export function keepSeconds(res: { statusCode?: number; headers: IncomingHttpHeaders }): number {
  const targeted = res.headers[GATEWAY_CACHE_HEADER];
  const cacheControl = String(res.headers['cache-control'] ?? '');
  if (res.statusCode !== 200 || typeof targeted !== 'string' || res.headers['set-cookie']) return 0;
  if (!/(?:^|,)\s*public\s*(?:,|$)/i.test(cacheControl) || /private|no-store/i.test(cacheControl)) return 0;
  const maxAge = /(?:^|,)\s*max-age=(\d+)/i.exec(targeted);
  return maxAge ? Number(maxAge[1]) : 0;
}

/** The cache key of a request: method-independent (HEAD is answered from GET's entry), url and the encodings asked for. */
const keyOf = (ctx: Context) => `${ctx.url}\n${ctx.get('accept-encoding')}`;

/** Whether a client's If-None-Match names `etag` (weak comparison, as for GET). */
function matches(ifNoneMatch: string, etag: string | undefined): boolean {
  if (!etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** Headers of a kept answer as sent to a client: the targeted field removed, its age added. */
function clientHeaders(entry: Entry, now: number): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(entry.headers)) {
    if (value === undefined || name === GATEWAY_CACHE_HEADER || name === 'connection' || name === 'keep-alive')
      continue;
    headers[name] = value;
  }
  headers.age = String(Math.floor((now - entry.storedAt) / 1000));
  return headers;
}

/**
 * Answers GET and HEAD requests of `/api/` paths from the cache when it can; marks the others
 * that may be kept (`ctx.state.publicCache`) for the proxy, which stores their answer (see
 * `keepAnswer`). A successful write to `/api/admin/...` purges the cache once its answer arrives.
 */
export function publicReads(cache: PublicCache): Middleware {
  return async (ctx, next) => {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!read) {
      if (ctx.path.startsWith('/api/admin/')) ctx.state.purgesPublicCache = true;
      return next();
    }
    if (!ctx.path.startsWith('/api/')) return next();
    const key = keyOf(ctx);
    // A client's own Cache-Control is not asked (as nginx and Varnish do not): this cache is the site's
    // own, purged by every write, never older than the service allows.
    const entry = cache.get(key);
    if (!entry) {
      if (ctx.method === 'GET') ctx.state.publicCache = { key, since: cache.generation() };
      return next();
    }
    ctx.respond = false;
    const headers = clientHeaders(entry, cache.now());
    const ifNoneMatch = ctx.get('if-none-match');
    const etag = entry.headers.etag;
    if (ifNoneMatch && matches(ifNoneMatch, etag)) {
      delete headers['content-length'];
      delete headers['content-encoding'];
      ctx.res.writeHead(304, headers);
      return void ctx.res.end();
    }
    ctx.res.writeHead(entry.status, headers);
    ctx.res.end(ctx.method === 'HEAD' ? undefined : entry.body);
  };
}

/** A service answer's headers as the proxy hands them over (lower-case names). */
export type AnswerHeaders = IncomingHttpHeaders;

/** Where the proxy passes an answer's body as it streams to the client. */
export type AnswerBodySink = { data(chunk: Buffer): void; end(): void };

/**
 * What the proxy does with an upstream answer for the cache: purges after a successful back-office
 * write, removes the targeted field before the client sees it, and for a marked read answers the sink
 * that keeps its body as it streams past (the client is not held up); `end` stores a body that
 * arrived whole.
 */
export function keepAnswer(
  cache: PublicCache,
  state: Record<string, unknown>,
  statusCode: number,
  headers: AnswerHeaders,
): AnswerBodySink | undefined {
  if (state.purgesPublicCache && statusCode < 400) cache.purgeEverywhere();
  const marked = state.publicCache as { key: string; since: number } | undefined;
  const seconds = marked ? keepSeconds({ statusCode, headers }) : 0;
  // A copy for the cache is taken first; the client never sees the targeted field.
  const kept = marked && seconds > 0 ? { ...headers } : undefined;
  if (GATEWAY_CACHE_HEADER in headers) delete headers[GATEWAY_CACHE_HEADER];
  if (!marked || !kept) return undefined;
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    data(chunk) {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    },
    // A body over the limit was only partly kept: storing that would answer later readers a cut-off copy.
    end: () => {
      if (bytes <= MAX_BODY_BYTES) cache.store(marked.key, marked.since, seconds, kept, Buffer.concat(chunks));
    },
  };
}
