import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
// This service only enqueues; the email service runs the workers.
const queue = createQueue({ connectionString: config.DATABASE_URL, name: 'storefront', logger: createLogger('storefront-queue') });
await startProducer(queue);
await bootService({
  name: 'storefront',
  config,
  host: config.STOREFRONT_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, queue, logger }),
  onClose: () => queue.stop(),
});
