// The replicas behind each service: the gateway's list of upstreams per service, which of them are
// taking requests, and which failed requests may be sent to another. The proxy core (middleware/proxy.ts)
// asks a pool where to send a request and tells it what went wrong; everything else lives here.

/**
 * Connection errors that say the replica is gone (not that one request was slow or bad). UND_ERR_SOCKET is
 * undici's (the proxy's client) for a connection the replica closed without answering: a reset by another name.
 */
const REPLICA_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
]);

/** Methods that change nothing, so a request that may have reached a dying replica can be sent again. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PoolOptions = {
  /** How often a replica taken out is asked `/readyz` until it answers 200 and is put back. */
  probeEveryMs?: number;
  /** Asks a replica whether it is ready (injected by tests); by default `GET <url>/readyz`. */
  isReady?: (url: string) => Promise<boolean>;
};

const readyz = async (url: string) => {
  try {
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
};

/** The settings value of one service: one URL or several separated by commas (its replicas). */
export const upstreamList = (value: string): string[] =>
  value
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/**
 * One service's replicas. Requests are spread round-robin over the replicas in service; a replica
 * whose connection fails is taken out (passive health) and asked `/readyz` every `probeEveryMs` until
 * it answers, then put back. With every replica out, requests still go round-robin (the error they
 * meet is the truthful answer, and the first replica back takes them at once).
 */
export class UpstreamPool {
  readonly urls: readonly string[];
  private readonly out = new Map<string, NodeJS.Timeout>();
  private next = 0;
  private readonly probeEveryMs: number;
  private readonly isReady: (url: string) => Promise<boolean>;

  constructor(urls: readonly string[], { probeEveryMs = 1_000, isReady = readyz }: PoolOptions = {}) {
    if (urls.length === 0) throw new Error('A service needs at least one upstream URL');
    this.urls = [...new Set(urls)];
    this.probeEveryMs = probeEveryMs;
    this.isReady = isReady;
  }

  /** The replica for the next request: round-robin over those in service, skipping `tried` ones while any other is left. */
  pick(tried: ReadonlySet<string> = new Set()): string {
    const order = this.urls.map((_, i) => this.urls[(this.next + i) % this.urls.length]);
    this.next = (this.next + 1) % this.urls.length;
    const untried = order.filter((url) => !tried.has(url));
    return untried.find((url) => !this.out.has(url)) ?? untried[0] ?? order[0];
  }

  /** The replicas taking requests now. */
  inService(): string[] {
    return this.urls.filter((url) => !this.out.has(url));
  }

  /** Records a failed request to `url`; a connection error takes the replica out until its `/readyz` answers. */
  failed(url: string, err: NodeJS.ErrnoException): void {
    if (!REPLICA_DOWN_CODES.has(err.code ?? '') || this.out.has(url)) return;
    const probe = setInterval(async () => {
      if (!this.out.has(url) || !(await this.isReady(url))) return;
      clearInterval(this.out.get(url));
      this.out.delete(url);
    }, this.probeEveryMs);
    probe.unref();
    this.out.set(url, probe);
  }

  /** Stops the probes (the gateway is closing). */
  close(): void {
    for (const probe of this.out.values()) clearInterval(probe);
    this.out.clear();
  }
}

/**
 * Whether a request that failed with `err` before any answer was sent may be sent to another replica:
 * a body the gateway streams (an upload) was consumed, so never; a refused connection reached no
 * replica, so any request may go again; after that, only a request that changes nothing (GET, HEAD).
 * tus PATCHes are streamed and so are not resent here: the tus client asks the offset (HEAD) and
 * resumes from it, which is the offset-safe retry.
 */
export function mayRetry(method: string, err: NodeJS.ErrnoException, bodyStreamed: boolean): boolean {
  if (bodyStreamed) return false;
  if (err.code === 'ECONNREFUSED') return true;
  return IDEMPOTENT_METHODS.has(method) && REPLICA_DOWN_CODES.has(err.code ?? '');
}

/** A pool per service from its `<NAME>_URL` setting (a comma-separated list). */
export function createPools<S extends string>(
  lists: Record<S, readonly string[]>,
  options?: PoolOptions,
): Record<S, UpstreamPool> {
  return Object.fromEntries(
    Object.entries<readonly string[]>(lists).map(([name, urls]) => [name, new UpstreamPool(urls, options)]),
  ) as Record<S, UpstreamPool>;
}

/**
 * One URL per service for the gateway's own calls (readiness detail, the API description): each
 * property is read anew, so it names a replica in service at that moment.
 */
export function currentTargets<S extends string>(pools: Record<S, UpstreamPool>): Record<S, string> {
  const targets = {} as Record<S, string>;
  for (const name of Object.keys(pools) as S[])
    Object.defineProperty(targets, name, { enumerable: true, get: () => pools[name].pick() });
  return targets;
}
