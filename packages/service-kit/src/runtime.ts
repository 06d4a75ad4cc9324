import type Koa from 'koa';
import type { Knex } from 'knex';
import { bindModels, createKnex } from '@mastering/db';
import { createLogger, type Logger } from './logger';
import { runServer } from './server';

/**
 * Boots a service process: opens the database (and binds the objection models to it), builds the app with it, listens on `port`, and on
 * SIGTERM closes the server, runs `onClose` and the database pool. Shared by every `server.ts`.
 */
export async function bootService({
  name,
  port,
  host,
  databaseUrl,
  build,
  onClose,
  pool,
}: {
  name: string;
  port: number;
  host: string;
  databaseUrl: string;
  build: (deps: { knex: Knex; logger: Logger }) => Promise<Koa> | Koa;
  onClose?: () => Promise<void>;
  /** Connection pool bounds (default min 0, max 10). */
  pool?: { min?: number; max?: number };
}) {
  const logger = createLogger(name);

  // The process's one pool; objection models use it too.
  const knex = bindModels(createKnex(databaseUrl, { pool }));
  const app = await build({ knex, logger });
  await runServer(app, {
    port,
    host,
    logger,
    onClose: async () => {
      await onClose?.();
      await knex.destroy();
    },
  });
}
