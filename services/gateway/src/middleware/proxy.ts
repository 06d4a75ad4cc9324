import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
// The pool alone: undici's index also loads fetch, WebSocket and its caches, about 30 ms more CPU at
// every start of the gateway (and node:sqlite, which Node 20 has not).
import Pool from 'undici/lib/dispatcher/pool.js';
import type { Context, Middleware } from 'koa';
import type { Identity } from '@mastering/contracts';
import { IDENTITY_HEADER, redactUrl, signIdentity, type Logger } from '@mastering/service-kit';
import { resolveService, type ServiceName } from '../routes';
import { mayRetry, type UpstreamPool } from '../upstreams';
import { keepAnswer, type AnswerBodySink, type AnswerHeaders, type PublicCache } from './public-cache';

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
  /** The connection pool to a replica's origin that this kind of request uses. */
  connectionsTo: (origin: string) => Dispatcher;
  timeoutMs: number;
  /** Sees each service answer before the client does (the public-read cache): what to tell of its body. */
  onAnswer: (statusCode: number, headers: AnswerHeaders) => AnswerBodySink | undefined;
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
  // undici's client, not node:http's: a proxied request cost the gateway about 15% less CPU and the
  // service about 30% less (bench.ts, "CPU per request"). Idle connections close after 30 s, before
  // the services' 65 s keep-alive timeout, so none is reused just as the service closes it. Uploads
  // have their own pools: a streamed upload holds its connection for as long as the client sends, and
  // however many do so, every other request still finds one.
  const connections = { requests: connectionPools(), uploads: connectionPools() };

  return async (ctx, next) => {
    const service = resolveService(ctx.method, ctx.path);
    if (!service) return next();
    ctx.state.service = service;
    const identity = await identityOf(ctx);
    if (identity) ctx.req.headers[IDENTITY_HEADER] = await signIdentity(identity, identitySecret);
    const { req, res, state } = ctx;
    await forward(ctx, {
      pool: pools[service],
      connectionsTo: state.upload ? connections.uploads : connections.requests,
      timeoutMs: upstreamTimeoutMs,
      onAnswer: (statusCode, headers) => (cache ? keepAnswer(cache, state, statusCode, headers) : undefined),
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
 * Hands the request to a replica and its answer to the client, and resolves when the response is
 * done. An upload is streamed from the client; any other body goes as the bytes the gateway already
 * read. A failure before any answer went out is tried on the pool's next replica when `mayRetry`
 * allows; a client that goes away cancels the request to the service.
 */
function forward(ctx: Context, { pool, connectionsTo, timeoutMs, onAnswer, onFailure }: Forwarding): Promise<void> {
  ctx.respond = false;
  const body = ctx.state.bufferedBody as Buffer | undefined;
  const { req, res } = ctx;
  const headers = forwardedRequestHeaders(req, body);
  const streamed = Boolean(ctx.state.upload) && !body;
  const tried = new Set<string>();
  let current: Dispatcher.DispatchController | undefined;
  let clientGone = false;
  const attempt = () => {
    const target = pool.pick(tried);
    // The client's stream ended with the first attempt: a retry sends the bytes read (or none).
    const first = tried.size === 0;
    tried.add(target);
    const { origin, base } = parseTarget(target);
    let answering = false;
    let sink: AnswerBodySink | undefined;
    connectionsTo(origin).dispatch(
      {
        origin,
        path: base + req.url,
        method: req.method as Dispatcher.HttpMethod,
        headers,
        body: body ?? (first && streamed ? req : null),
        // A service silent this long is cut: 504 before its headers, a cut answer after them.
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      {
        onRequestStart(controller) {
          current = controller;
          if (clientGone) controller.abort(new Error('The client went away'));
        },
        onResponseStart(controller, statusCode, answerHeaders, statusMessage) {
          if (statusCode < 200) return; // 100 Continue and the like: the final answer follows.
          sink = onAnswer(statusCode, answerHeaders);
          // The client was answered meanwhile (a stalled upload's 408): the service's answer is dropped.
          if (res.headersSent || res.writableEnded) return;
          answering = true;
          res.writeHead(statusCode, statusMessage, clientHeaders(answerHeaders));
          // Each chunk waits until the client has taken the last, so a slow client holds no whole body here.
          res.on('drain', () => controller.resume());
        },
        onResponseData(controller, chunk) {
          sink?.data(chunk);
          if (answering && !res.write(chunk)) controller.pause();
        },
        onResponseEnd() {
          sink?.end();
          if (answering) res.end();
        },
        onResponseError(_controller, err: NodeJS.ErrnoException) {
          // The client went away first (and its request to the service with it): nobody is left to answer.
          if (clientGone) return;
          const timedOut = err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT';
          pool.failed(target, err);
          // A service that stops mid-answer: the client's response is cut too (it would otherwise wait forever).
          if (answering) return void res.destroy();
          const again = !res.headersSent && !timedOut && tried.size < pool.urls.length;
          if (again && mayRetry(req.method ?? 'GET', err, streamed)) return attempt();
          onFailure(err, timedOut);
        },
      },
    );
  };
  return new Promise((resolve) => {
    res.once('close', () => {
      if (!res.writableFinished) {
        clientGone = true;
        current?.abort(new Error('The client went away'));
      }
      resolve();
    });
    attempt();
  });
}

/** A pool of kept-alive connections per replica origin, made on first use. */
function connectionPools(): (origin: string) => Dispatcher {
  const pools = new Map<string, Dispatcher>();
  return (origin) => {
    let pool = pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: 256, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 30_000 });
      pools.set(origin, pool);
    }
    return pool;
  };
}

/** A replica's URL as its connection pool takes it (origin, and any base path), parsed once per URL. */
const parsedTargets = new Map<string, { origin: string; base: string }>();
function parseTarget(url: string): { origin: string; base: string } {
  let target = parsedTargets.get(url);
  if (!target) {
    const { origin, pathname } = new URL(url);
    target = { origin, base: pathname.replace(/\/$/, '') };
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
function clientHeaders(answer: AnswerHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const name in answer) if (!HOP_BY_HOP.has(name)) headers[name] = answer[name];
  return headers;
}

/**
 * The client's request headers as the service gets them: the connection-level ones are the
 * gateway's own business with the service (undici sets them), and `Expect` was answered here (Node
 * sends the client its 100 Continue). A body read whole goes with its length.
 */
function forwardedRequestHeaders(req: IncomingMessage, body: Buffer | undefined): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const name in req.headers) if (!HOP_BY_HOP.has(name) && name !== 'expect') headers[name] = req.headers[name];
  if (body) headers['content-length'] = String(body.length);
  return headers;
}
