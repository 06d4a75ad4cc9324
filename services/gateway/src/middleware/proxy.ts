import { Agent, request, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Identity } from '@mastering/contracts';
import { IDENTITY_HEADER, redactUrl, signIdentity, type Logger } from '@mastering/service-kit';
import { resolveService, type ServiceName } from '../routes';
import { mayRetry, type UpstreamPool } from '../upstreams';
import { keepAnswer, type PublicCache } from './public-cache';

export type ProxyOptions = {
  /** Each service's replicas. */
  pools: Record<ServiceName, UpstreamPool>;
  identitySecret: string;
  /** Cuts a request whose service sends nothing for this long (504). */
  upstreamTimeoutMs: number;
  identityOf: (ctx: Context) => Promise<Identity | null>;
  logger: Logger;
  /** The public-read cache the answers pass by (see public-cache.ts); none: nothing is kept. */
  cache?: PublicCache;
};

/** What one forwarded request needs besides the request itself: where its answers and failures go. */
type Forwarding = {
  pool: UpstreamPool;
  agent: Agent;
  timeoutMs: number;
  /** Sees each service answer before the client does (the public-read cache). */
  onAnswer: (answer: IncomingMessage) => void;
  /** Answers the client when no replica answered (503, or 504 when `timedOut`). */
  onFailure: (err: NodeJS.ErrnoException, timedOut: boolean) => void;
};

/**
 * Sends every path the route table gives a service to that service with the caller's signed identity
 * header: uploads stream both ways (a 500 MB file flows through in chunks), other request bodies were
 * read whole by the request-body middleware, and every answer streams back. Connections to the
 * services are kept alive and reused; a service that is down answers 503, one that hangs 504. Requests
 * are spread over a service's replicas, and one that failed on a dead replica goes to another when it
 * may (see upstreams.ts).
 */
export function proxyToServices({
  pools,
  identitySecret,
  upstreamTimeoutMs,
  identityOf,
  logger,
  cache,
}: ProxyOptions): Middleware {
  // Reused connections: opening a TCP connection per request cost the gateway most of its throughput.
  // Idle sockets close after 30 s, before the services' 65 s keep-alive timeout, so none is reused
  // just as the service closes it. Uploads have their own pool: a streamed upload holds its connection
  // for as long as the client sends, and however many do so, every other request still finds one.
  const pool = () => new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 30_000 });
  const agents = { requests: pool(), uploads: pool() };

  return async (ctx, next) => {
    const service = resolveService(ctx.method, ctx.path);
    if (!service) return next();
    ctx.state.service = service;
    const identity = await identityOf(ctx);
    if (identity) ctx.req.headers[IDENTITY_HEADER] = await signIdentity(identity, identitySecret);
    const { req, res, state } = ctx;
    await forward(ctx, {
      pool: pools[service],
      agent: state.upload ? agents.uploads : agents.requests,
      timeoutMs: upstreamTimeoutMs,
      onAnswer: (answer) => {
        if (cache) keepAnswer(cache, state, answer);
      },
      onFailure: (err, timedOut) => {
        logger.warn(
          { err: err.message, requestId: req.headers['x-request-id'], url: redactUrl(req.url ?? ''), timedOut },
          'upstream error',
        );
        if (res.headersSent) return void res.destroy();
        res.writeHead(timedOut ? 504 : 503, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(
          JSON.stringify({
            error: timedOut ? 'The service did not answer in time' : 'Service temporarily unavailable',
          }),
        );
      },
    });
  };
}

/**
 * Hands the raw request to a replica and its answer to the client, and resolves when the response is
 * done. An upload is piped straight from the client; any other body goes as the bytes the gateway
 * already read. A failure before any answer went out is tried on the pool's next replica when
 * `mayRetry` allows; a client that goes away cancels the request to the service.
 */
function forward(ctx: Context, { pool, agent, timeoutMs, onAnswer, onFailure }: Forwarding): Promise<void> {
  ctx.respond = false;
  const body = ctx.state.bufferedBody as Buffer | undefined;
  const { req, res } = ctx;
  if (body) {
    delete req.headers['transfer-encoding'];
    req.headers['content-length'] = String(body.length);
  }
  const streamed = Boolean(ctx.state.upload) && !body;
  const tried = new Set<string>();
  let current: ClientRequest | undefined;
  let clientGone = false;
  const attempt = () => {
    const target = pool.pick(tried);
    // The client's stream ended with the first attempt: a retry sends the bytes read (or none).
    const first = tried.size === 0;
    tried.add(target);
    const { host, port, base } = parseTarget(target);
    const upstream = request({ host, port, method: req.method, path: base + req.url, headers: req.headers, agent });
    current = upstream;
    let timedOut = false;
    if (timeoutMs > 0)
      upstream.setTimeout(timeoutMs, () => {
        timedOut = true;
        upstream.destroy();
      });
    upstream.once('response', (answer: IncomingMessage) => {
      onAnswer(answer);
      if (res.headersSent || res.writableEnded) return void answer.resume();
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, clientHeaders(answer));
      // A service that stops mid-answer: the client's response is cut too (it would otherwise wait forever).
      answer.once('close', () => {
        if (!answer.complete) res.destroy();
      });
      answer.pipe(res);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // The client went away first (and its request to the service with it): nobody is left to answer.
      if (clientGone) return;
      pool.failed(target, err);
      const again = !res.headersSent && !timedOut && tried.size < pool.urls.length;
      if (again && mayRetry(req.method ?? 'GET', err, streamed)) return attempt();
      onFailure(err, timedOut);
    });
    if (body) upstream.end(body);
    else if (first && streamed) req.pipe(upstream);
    else upstream.end();
  };
  return new Promise((resolve) => {
    res.once('close', () => {
      if (!res.writableFinished) {
        clientGone = true;
        current?.destroy();
      }
      resolve();
    });
    attempt();
  });
}

/** A replica's URL as `request` takes it (host, port and any base path), parsed once per URL. */
const parsedTargets = new Map<string, { host: string; port: number; base: string }>();
function parseTarget(url: string): { host: string; port: number; base: string } {
  let target = parsedTargets.get(url);
  if (!target) {
    const { hostname, port, pathname } = new URL(url);
    target = { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 80), base: pathname.replace(/\/$/, '') };
    parsedTargets.set(url, target);
  }
  return target;
}

/** Headers about one connection (RFC 9110 7.6.1), not about the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te']);

/**
 * The service's answer headers as the client gets them: the connection-level ones describe the
 * gateway's connection to the service, so Node writes the client connection's own (keep-alive or
 * close, chunking when there is no Content-Length, HTTP/1.0 included).
 */
function clientHeaders(answer: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name in answer.headers) if (!HOP_BY_HOP.has(name)) headers[name] = answer.headers[name];
  return headers;
}
