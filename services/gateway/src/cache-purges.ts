// How the gateways of one site tell each other to drop their public-read caches: PostgreSQL
// LISTEN/NOTIFY on the database they already share, so a write through any replica reaches them all.
import type { Knex } from 'knex';
import type { Logger } from '@mastering/service-kit';
import type { PurgeChannel } from './middleware/public-cache';

const CHANNEL = 'gateway_public_cache_purge';
/** After a lost listening connection, the wait before listening again. */
const RECONNECT_MS = 1_000;

type Listener = {
  on(event: 'notification', fn: (msg: { channel: string }) => void): void;
  on(event: 'error' | 'end', fn: (err?: Error) => void): void;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
};

/**
 * A purge channel over PostgreSQL: `announce` notifies every gateway (this one included, which is
 * harmless), and one connection of its own listens. While that connection is lost no purge can be
 * heard, so every listener is called when it is lost and again when it is back: the caches start over.
 */
export function postgresPurges(knex: Knex, logger: Logger): PurgeChannel & { close(): Promise<void> } {
  const listeners: (() => void)[] = [];
  const purgeAll = () => {
    for (const listener of listeners) listener();
  };
  let connection: Listener | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    try {
      const client = (await knex.client.acquireRawConnection()) as Listener;
      client.on('notification', (msg) => msg.channel === CHANNEL && purgeAll());
      const lost = (err?: Error) => {
        if (connection !== client) return;
        connection = null;
        purgeAll();
        if (!closed) {
          logger.warn({ err: err?.message }, 'public cache: purge listener lost, listening again');
          retry = setTimeout(listen, RECONNECT_MS);
        }
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.query(`listen ${CHANNEL}`);
      if (closed) return void (await client.end());
      connection = client;
      purgeAll();
    } catch (err) {
      if (closed) return;
      logger.warn({ err: (err as Error).message }, 'public cache: cannot listen for purges yet');
      retry = setTimeout(listen, RECONNECT_MS);
    }
  };
  void listen();

  return {
    announce() {
      knex
        .raw('select pg_notify(?, ?)', [CHANNEL, ''])
        .catch((err: Error) => logger.warn({ err: err.message }, 'public cache: purge not announced'));
    },
    onPurge(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = connection;
      connection = null;
      await client?.end().catch(() => {});
    },
  };
}
