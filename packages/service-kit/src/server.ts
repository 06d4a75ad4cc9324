import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger';

export type RunServerOptions = {
  port: number;
  host: string;
  logger: Logger;
  /** Closes what the process holds (database pools, job queues); runs after requests have drained. */
  onClose?: () => Promise<void>;
  /**
   * The whole shutdown's deadline: requests in flight get most of it to finish, `onClose` the rest;
   * whatever still runs then is cut and the process exits with code 1. Default SHUTDOWN_TIMEOUT_MS or 10 s.
   */
  shutdownTimeoutMs?: number;
  /** Adjusts the server before it listens (the gateway sets its client time limits and connection cap). */
  onServer?: (server: Server) => void;
};

/** Resolves with `fallback` when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), Math.max(0, ms))));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Listens with the app and shuts down gracefully on SIGTERM/SIGINT: stops accepting connections, lets
 * requests in flight finish (a long upload completes), closes idle keep-alive connections, runs
 * `onClose`, and exits. Every step has a deadline, so a hung request or `onClose` cannot keep the
 * process (and its port) alive.
 */
export async function runServer(
  app: Koa,
  { port, host, logger, onClose, shutdownTimeoutMs, onServer }: RunServerOptions,
): Promise<Server> {
  const deadlineMs = shutdownTimeoutMs ?? Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  const server = createServer(app.callback());
  // Long uploads must not be cut by Node's default request timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  // Longer than the gateway's upstream agent keeps an idle socket, so the gateway closes first and
  // never reuses a socket this side has just closed.
  server.keepAliveTimeout = 65_000;
  onServer?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ port, host }, 'listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const remaining = () => deadlineMs - (Date.now() - started);
    logger.info({ signal, deadlineMs }, 'shutting down');
    // A response finished while closing tells its client to reconnect elsewhere, so keep-alive
    // connections end as soon as their request does.
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
    const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
    let clean = await within(drained, remaining() * 0.8, false);
    clearInterval(idleSweep);
    if (!clean) {
      logger.warn('requests still running at the deadline; closing their connections');
      server.closeAllConnections();
    }
    const closed = await within(
      Promise.resolve()
        .then(() => onClose?.())
        .then(
          () => true,
          (err) => {
            logger.error({ err }, 'error while closing');
            return false;
          },
        ),
      remaining(),
      false,
    );
    if (!closed) logger.warn('onClose did not finish in time');
    clean &&= closed;
    logger.info({ ms: Date.now() - started, clean }, 'stopped');
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
