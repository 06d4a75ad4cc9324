import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from './logger';

/**
 * Listens with the app and shuts down gracefully on SIGTERM/SIGINT: stop accepting, let requests in
 * flight finish, then run `onClose` (close the database, stop workers) and exit.
 */
export async function runServer(
  app: Koa,
  { port, host, logger, onClose }: { port: number; host: string; logger: Logger; onClose?: () => Promise<void> },
): Promise<Server> {
  const server = createServer(app.callback());
  // Long uploads must not be cut by Node's default request timeout.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  logger.info({ port, host }, 'listening');
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    try {
      await onClose?.();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
