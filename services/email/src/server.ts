import { bootService, createLogger } from '@mastering/service-kit';
import { createQueue } from '@mastering/jobs';
import { createKnex } from '@mastering/db';
import { buildApp } from './app';
import { readConfig } from './config';
import { createMailer } from './mail/mailer';
import { sendEmailJob } from './jobs/send-email';

const config = readConfig();
const mailer = createMailer(config.SMTP_URL);
const queue = createQueue({ connectionString: config.DATABASE_URL, name: `email-${process.pid}`, logger: createLogger('email-queue') });
const workerKnex = createKnex(config.DATABASE_URL, { pool: { min: 0, max: config.MAIL_CONCURRENCY + 1 } });
if (config.MAIL_WORKER === 'true') {
  const job = sendEmailJob({ knex: workerKnex, mailer, from: config.MAIL_FROM, logger: createLogger('email-worker') });
  queue.define(job.name, job.handler, { ...job.options, concurrency: config.MAIL_CONCURRENCY });
  await queue.start();
}
await bootService({
  name: 'email',
  config,
  host: config.EMAIL_HOST,
  build: ({ knex, logger }) => buildApp({ config, knex, mailer, logger }),
  onClose: async () => {
    await queue.stop();
    await workerKnex.destroy();
  },
});
