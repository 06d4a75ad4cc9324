import type Koa from 'koa';
import type { Knex } from 'knex';
import { createKnex } from '@mastering/db';
import { createLogger, type Logger } from './logger';
import { runServer } from './server';

/**
 * Boots a service process: opens the database, builds the app with it, listens on `port`, and on
 * SIGTERM closes the server, runs `onClose` and the database pool. Shared by every `server.ts`.
 */
export async function bootService({
  name,
  port,
  host,
  databaseUrl,
  build,
  onClose,
}: {
  name: string;
  port: number;
  host: string;
  databaseUrl: string;
  build: (deps: { knex: Knex; logger: Logger }) => Promise<Koa> | Koa;
  onClose?: () => Promise<void>;
}) {
  const logger = createLogger(name);
  const knex = createKnex(databaseUrl);
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
