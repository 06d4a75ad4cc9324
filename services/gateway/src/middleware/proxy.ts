import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import httpProxy from 'http-proxy';
import type { Identity } from '@mastering/contracts';
import { IDENTITY_HEADER, redactUrl, signIdentity, type Logger } from '@mastering/service-kit';
import { resolveService, type ServiceName } from '../routes';
import { keepAnswer, type PublicCache } from './public-cache';

export type ProxyOptions = {
  targets: Record<ServiceName, string>;
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
 * services are kept alive and reused; a service that is down answers 503, one that hangs 504.
 */
export function proxyToServices({
  targets,
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
    await forward(ctx, proxy, { target: targets[service], agent: ctx.state.upload ? agents.uploads : agents.requests });
  };
}

/**
 * Hands the raw request and response to the proxy and resolves when the response is done. An upload
 * is piped straight from the client; any other body goes as the bytes the gateway already read.
 */
function forward(ctx: Context, proxy: httpProxy, options: { target: string; agent: Agent }): Promise<void> {
  ctx.respond = false;
  const body = ctx.state.bufferedBody as Buffer | undefined;
  if (body) {
    delete ctx.req.headers['transfer-encoding'];
    ctx.req.headers['content-length'] = String(body.length);
  }
  return new Promise((resolve) => {
    ctx.res.once('close', () => resolve());
    proxy.web(
      ctx.req as IncomingMessage,
      ctx.res as ServerResponse,
      body ? { ...options, buffer: Readable.from([body]) } : options,
    );
  });
}
