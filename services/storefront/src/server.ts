import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import type { Knex } from 'knex';
import { buildApp, uploadDepsOf } from './app';
import { readConfig } from './config';
import { sweepAbandonedUploads } from './uploads/service';

const config = readConfig();
// This service only enqueues; the email service runs the workers.
const queue = createQueue({ connectionString: config.DATABASE_URL, name: 'storefront', logger: createLogger('storefront-queue') });
await startProducer(queue);

// Uploads never attached to an order are swept (rows and files) on start and then every hour. Every
// replica may run it: each removal is conditional on the row still being unattached.
let sweeper: NodeJS.Timeout | undefined;
function startSweeping(knex: Knex) {
  const logger = createLogger('storefront-uploads');
  const sweep = () =>
    sweepAbandonedUploads(uploadDepsOf(config, knex), config.UPLOAD_SWEEP_AFTER_HOURS)
      .then((removed) => removed > 0 && logger.info({ removed }, 'abandoned uploads swept'))
      .catch((err: Error) => logger.warn({ err: err.message }, 'upload sweep failed; next try in an hour'));
  void sweep();
  sweeper = setInterval(sweep, 3_600_000);
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
