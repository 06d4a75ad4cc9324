import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import type { Knex } from 'knex';
import { buildApp, paymentDepsOf, uploadDepsOf } from './app';
import { reconcileCheckouts, remindUnpaidOrders } from './payments/abandoned';
import { readConfig } from './config';
import { forgetOldIdempotencyKeys } from './idempotency';
import { expireUnpaidOrders, sweepAbandonedUploads } from './uploads/sweeper';

const config = readConfig();
// This service only enqueues; the email service runs the workers.
const queue = createQueue({
  connectionString: config.DATABASE_URL,
  name: 'storefront',
  logger: createLogger('storefront-queue'),
});
await startProducer(queue);

// The upkeep runs on start and then every five minutes (UPKEEP_EVERY_MS): unpaid orders expire (with their uploads),
// uploads never attached to an order are swept, unpaid orders an hour old get their one reminder, and
// checkouts whose webhook never came are read back from Yoco, and order idempotency keys a day old are forgotten. Each run works in bounded batches, and
// every replica may run it: each step is conditional on the row's state, so nothing happens twice.
let upkeep: NodeJS.Timeout | undefined;
function startUpkeep(knex: Knex) {
  const logger = createLogger('storefront-upkeep');
  const deps = uploadDepsOf(config, knex);
  const payments = paymentDepsOf({ config, knex, queue, logger });
  const run = async () => {
    try {
      const expired = await expireUnpaidOrders(deps, config.UNPAID_ORDER_EXPIRY_HOURS);
      const removed = await sweepAbandonedUploads(deps, config.UPLOAD_SWEEP_AFTER_HOURS);
      const reminded = await remindUnpaidOrders(payments);
      const recovered = await reconcileCheckouts(payments);
      const forgotten = await forgetOldIdempotencyKeys(knex, new Date());
      if (expired + removed + reminded + recovered + forgotten > 0)
        logger.info(
          { expired, removed, reminded, recovered, forgotten },
          'unpaid orders, abandoned uploads and old idempotency keys looked after',
        );
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'upkeep failed; next try in five minutes');
    }
  };
  void run();
  upkeep = setInterval(run, config.UPKEEP_EVERY_MS);
  upkeep.unref();
}

await bootService({
  name: 'storefront',
  config,
  host: config.STOREFRONT_HOST,
  build: ({ knex, logger }) => {
    startUpkeep(knex);
    return buildApp({ config, knex, queue, logger });
  },
  onClose: async () => {
    clearInterval(upkeep);
    await queue.stop();
  },
});
