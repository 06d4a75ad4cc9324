import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import httpProxy from 'http-proxy';
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
  const proxy = httpProxy.createProxyServer({ xfwd: false, ws: false, proxyTimeout: upstreamTimeoutMs });
  proxy.on('error', (err, req, res) => {
    const response = res as ServerResponse;
    const timedOut =
      (err as NodeJS.ErrnoException).code === 'ECONNRESET' &&
      (req as IncomingMessage & { timedOut?: boolean }).timedOut;
    logger.warn(
      { err: err.message, requestId: req.headers['x-request-id'], url: redactUrl(req.url ?? ''), timedOut },
      'upstream error',
    );
    if (response.headersSent) return void response.destroy();
    response.writeHead(timedOut ? 504 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(
      JSON.stringify({ error: timedOut ? 'The service did not answer in time' : 'Service temporarily unavailable' }),
    );
  });
  proxy.on('proxyReq', (proxyReq, req) => {
    proxyReq.once('timeout', () => ((req as IncomingMessage & { timedOut?: boolean }).timedOut = true));
  });
  // Each request's Koa state, for the cache to see when its answer arrives (before the client gets it).
  const states = new WeakMap<IncomingMessage, Record<string, unknown>>();
  if (cache)
    proxy.on('proxyRes', (proxyRes, req) => {
      const state = states.get(req);
      if (state) keepAnswer(cache, state, proxyRes);
    });

  return async (ctx, next) => {
    const service = resolveService(ctx.method, ctx.path);
    if (!service) return next();
    ctx.state.service = service;
    const identity = await identityOf(ctx);
    if (identity) ctx.req.headers[IDENTITY_HEADER] = await signIdentity(identity, identitySecret);
    states.set(ctx.req, ctx.state);
    await forward(ctx, proxy, pools[service], ctx.state.upload ? agents.uploads : agents.requests);
  };
}

/**
 * Hands the raw request and response to the proxy and resolves when the response is done. An upload
 * is piped straight from the client; any other body goes as the bytes the gateway already read. A
 * failure before any answer went out is tried on the pool's next replica when `mayRetry` allows.
 */
function forward(ctx: Context, proxy: httpProxy, pool: UpstreamPool, agent: Agent): Promise<void> {
  ctx.respond = false;
  const body = ctx.state.bufferedBody as Buffer | undefined;
  if (body) {
    delete ctx.req.headers['transfer-encoding'];
    ctx.req.headers['content-length'] = String(body.length);
  }
  const req = ctx.req as IncomingMessage;
  const res = ctx.res as ServerResponse;
  const tried = new Set<string>();
  const attempt = () => {
    const target = pool.pick(tried);
    // The client's stream ended with the first attempt: a retry sends the bytes read (or none).
    const buffer = body || tried.size > 0 ? Readable.from(body ? [body] : []) : undefined;
    tried.add(target);
    proxy.web(req, res, { target, agent, buffer }, (err: NodeJS.ErrnoException) => {
      pool.failed(target, err);
      const timedOut = (req as IncomingMessage & { timedOut?: boolean }).timedOut;
      const again = !res.headersSent && !timedOut && tried.size < pool.urls.length;
      if (again && mayRetry(req.method ?? 'GET', err, Boolean(ctx.state.upload) && !body)) return attempt();
      proxy.emit('error', err, req, res, target);
    });
  };
  return new Promise((resolve) => {
    res.once('close', () => resolve());
    attempt();
  });
}
