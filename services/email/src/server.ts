import {
  bootService,
  createDownloadLinks,
  createLogger,
  createOrderLinks,
  createResumeLinks,
  keyringOf,
} from '@mastering/service-kit';
import { createQueue, startProducer } from '@mastering/jobs';
import { createKnex } from '@mastering/db';
import { buildApp } from './app';
import { readConfig } from './config';
import { createSettingsMailer } from './mail/mailer';
import { createLinkSigner } from './tracking/links';
import { startMailWorker } from './worker';

const config = readConfig();
const keys = keyringOf(config);
const queue = createQueue({
  connectionString: config.DATABASE_URL,
  name: `email-${process.pid}`,
  // The poll also takes over the mail of a worker that died mid-send once its hold ran out
  // (MAIL_CLAIM_MS): such a mail goes out within that plus this.
  processEvery: '10 seconds',
  logger: createLogger('email-queue'),
});
// Each campaign sender holds a database connection for its claimed recipient while the mail goes out.
const workerKnex = createKnex(config.DATABASE_URL, {
  pool: { min: 0, max: config.MAIL_CONCURRENCY + config.CAMPAIGN_CONCURRENCY * 2 + 2 },
});
// Mail goes through the relay saved in the Email settings, or SMTP_URL while none is saved.
const mailer = createSettingsMailer(workerKnex, config.SMTP_URL, { keys });
if (config.MAIL_WORKER === 'true') {
  await startMailWorker({
    queue,
    knex: workerKnex,
    mailer,
    campaignMailer: createSettingsMailer(workerKnex, config.SMTP_URL, {
      keys,
      pool: true,
      maxConnections: config.CAMPAIGN_CONCURRENCY,
      maxAgeMs: 1000,
    }),
    from: config.MAIL_FROM,
    links: createLinkSigner(keys, config.PUBLIC_URL),
    downloads: createDownloadLinks(keys),
    orderLinks: createOrderLinks(keys),
    resumeLinks: createResumeLinks(keys),
    siteUrl: config.PUBLIC_URL,
    logger: createLogger('email-worker'),
    mailConcurrency: config.MAIL_CONCURRENCY,
    campaignRate: config.CAMPAIGN_RATE,
    campaignConcurrency: config.CAMPAIGN_CONCURRENCY,
  });
} else {
  // The API still queues test emails and campaigns: start the queue as a producer only.
  await startProducer(queue);
}
await bootService({
  name: 'email',
  config,
  host: config.EMAIL_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, mailer, queue, logger }),
  onClose: async () => {
    await queue.stop();
    await workerKnex.destroy();
  },
});
