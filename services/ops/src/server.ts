import { analysisJob, analysisStorage, mixCheckJob } from '@mastering/audio-analysis';
import { createKnex } from '@mastering/db';
import { createQueue, startProducer } from '@mastering/jobs';
import { bootService, createLogger } from '@mastering/service-kit';
import { buildApp, storefrontCalls } from './app';
import { readConfig } from './config';
import { lateOrdersJob } from './late-orders/job';
import { packRenderJob } from './release-pack/job';
import { feedbackRequestsJob } from './ratings/feedback-job';
import { retentionJob } from './retention/job';
import { searchIndexJob } from './search-indexes/job';
import { storefrontWritesOverHttp } from './storefront-writes';

const config = readConfig();
// Ops enqueues mail (customer messages, the settings test mail; the email service sends it) and runs
// the audio-analysis worker, beside the files' admin screens and never in the storefront: decoding a
// 500 MB upload is CPU-heavy and must not slow the customer-facing API.
const queue = createQueue({
  connectionString: config.DATABASE_URL,
  name: `ops-${process.pid}`,
  logger: createLogger('ops-queue'),
});
const workerKnex = createKnex(config.DATABASE_URL, { pool: { min: 0, max: 2 } });
if (config.OPS_WORKER === 'true') await startJobWorker();
// The API still queues analysis and mail: the queue starts as a producer only.
else await startProducer(queue);

/** The job worker: audio analysis, mix checks, the release pack's renders and the recurring jobs (OPS_WORKER; on by default, off in an API-only deployment). */
async function startJobWorker() {
  const analysis = analysisJob({ knex: workerKnex, ...analysisStorage(), logger: createLogger('ops-analysis') });
  queue.define(analysis.name, analysis.handler, analysis.options);
  const pack = packRenderJob({ knex: workerKnex, ...analysisStorage(), logger: createLogger('ops-release-pack') });
  queue.define(pack.name, pack.handler, pack.options);
  const mixCheck = mixCheckJob({ knex: workerKnex, ...analysisStorage(), logger: createLogger('ops-mix-check') });
  queue.define(mixCheck.name, mixCheck.handler, mixCheck.options);
  // One recurring job row however many ops replicas run (agenda's `every` keeps one per name). Their
  // writes to orders and files are calls to the storefront, which owns them.
  const storefront = storefrontWritesOverHttp(storefrontCalls(config));
  const late = lateOrdersJob({ knex: workerKnex, queue, storefront, logger: createLogger('ops-late-orders') });
  queue.define(late.name, late.handler);
  const retention = retentionJob({
    knex: workerKnex,
    storage: analysisStorage().storage,
    storefront,
    logger: createLogger('ops-retention'),
  });
  queue.define(retention.name, retention.handler);
  const feedback = feedbackRequestsJob({ knex: workerKnex, storefront, logger: createLogger('ops-feedback') });
  queue.define(feedback.name, feedback.handler);
  const searchIndexes = searchIndexJob({ knex: workerKnex, logger: createLogger('ops-search-indexes') });
  queue.define(searchIndexes.name, searchIndexes.handler);
  await queue.start();
  await queue.every(late.every, late.name);
  await queue.every(retention.every, retention.name);
  await queue.every(feedback.every, feedback.name);
  await queue.every(searchIndexes.every, searchIndexes.name);
}

await bootService({
  name: 'ops',
  config,
  host: config.OPS_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, queue, logger }),
  onClose: async () => {
    await queue.stop();
    await workerKnex.destroy();
  },
});
