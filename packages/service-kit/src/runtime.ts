import type Koa from 'koa';
import type { Knex } from 'knex';
import { bindModels, createKnex } from '@mastering/db';
import { createLogger, type Logger } from './logger';
import { runServer, type RunServerOptions } from './server';

/**
 * Boots a service process: opens the database named by `config.DATABASE_URL` (and binds the objection
 * models to it), builds the app with it, listens on `config.PORT` at `host`, and on SIGTERM drains
 * requests, runs `onClose` and closes the pool, all within the shutdown deadline. Every `server.ts` uses it.
 */
export async function bootService({
  name,
  config,
  host,
  build,
  onClose,
  pool,
  onServer,
}: {
  name: string;
  config: { PORT: number; DATABASE_URL: string };
  /** Bind address: the service's own `<NAME>_HOST` setting (the gateway's HOST). */
  host: string;
  build: (deps: { knex: Knex; logger: Logger }) => Promise<Koa> | Koa;
  onClose?: () => Promise<void>;
  /** Connection pool bounds (default min 0, max 10). */
  pool?: { min?: number; max?: number };
  /** Adjusts the HTTP server before it listens (see runServer). */
  onServer?: RunServerOptions['onServer'];
}) {
  const logger = createLogger(name);
  // The process's one pool; objection models use it too.
  const knex = bindModels(createKnex(config.DATABASE_URL, { pool }));
  const app = await build({ knex, logger });
  await runServer(app, {
    port: config.PORT,
    host,
    logger,
    onServer,
    onClose: async () => {
      await onClose?.();
      await knex.destroy();
    },
  });
}
