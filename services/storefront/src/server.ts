import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import type { Knex } from 'knex';
import { buildApp, uploadDepsOf } from './app';
import { readConfig } from './config';
import { expireUnpaidOrders, sweepAbandonedUploads } from './uploads/sweeper';

const config = readConfig();
// This service only enqueues; the email service runs the workers.
const queue = createQueue({
  connectionString: config.DATABASE_URL,
  name: 'storefront',
  logger: createLogger('storefront-queue'),
});
await startProducer(queue);

// Uploads never attached to an order, and orders left unpaid (with their uploads), are swept on start
// and then every quarter hour; each run works in bounded batches until nothing is left, so a backlog
// clears within a few runs. Every replica may run it: each removal is conditional on the row's state.
const SWEEP_EVERY_MS = 15 * 60_000;
let sweeper: NodeJS.Timeout | undefined;
function startSweeping(knex: Knex) {
  const logger = createLogger('storefront-uploads');
  const deps = uploadDepsOf(config, knex);
  const sweep = async () => {
    try {
      const expired = await expireUnpaidOrders(deps, config.UNPAID_ORDER_EXPIRY_DAYS);
      const removed = await sweepAbandonedUploads(deps, config.UPLOAD_SWEEP_AFTER_HOURS);
      if (expired > 0 || removed > 0)
        logger.info({ expired, removed }, 'unpaid orders expired and abandoned uploads swept');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'upload sweep failed; next try in a quarter hour');
    }
  };
  void sweep();
  sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();
}

await bootService({
  name: 'storefront',
  config,
  host: config.STOREFRONT_HOST,
  build: ({ knex, logger }) => {
    startSweeping(knex);
    return buildApp({ config, knex, queue, logger });
  },
  onClose: async () => {
    clearInterval(sweeper);
    await queue.stop();
  },
});
