import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import { buildApp } from './app';
import { readConfig } from './config';

const config = readConfig();
// This service only enqueues (delivery mail and reminders); the email service runs the workers.
const queue = createQueue({ connectionString: config.DATABASE_URL, name: 'ops', logger: createLogger('ops-queue') });
await startProducer(queue);

await bootService({
  name: 'ops',
  config,
  host: config.OPS_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, queue, logger }),
  onClose: () => queue.stop(),
});
