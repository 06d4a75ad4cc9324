import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { createQueue, enqueue, JOBS, startProducer, type Job, type Queue, type SendEmailPayload } from '@mastering/jobs';
import type { Mailer, OutgoingMail } from '../src/mail/mailer';
import { sendEmailJob } from '../src/jobs/send-email';

let db: TestDatabase;
const logger = createLogger('email-test', 'silent');

/** A mailer that records what it sends and fails while `down` is set (SMTP outage). */
function fakeMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer & { sent: OutgoingMail[]; down: boolean } = {
    sent,
    down: false,
    async send(mail) {
      if (mailer.down) throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
    async verify() {},
    describe: () => ({ host: 'test', port: 25 }),
  };
  return mailer;
}

const jobOf = (id: string, data: SendEmailPayload) => ({ attrs: { _id: id, data } }) as unknown as Job<SendEmailPayload>;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

describe('email.send job', () => {
  it('records the message before sending, keeps it when SMTP is down, and sends it once on retry', async () => {
    const mailer = fakeMailer();
    const job = sendEmailJob({ knex: db.knex, mailer, from: 'Studio <studio@example.com>', logger });
    const payload = { to: 'artist@example.com', template: 'login-code', data: { code: '123456', expiresInMinutes: 10 } };
    mailer.down = true;
    await expect(job.handler(jobOf('job-1', payload))).rejects.toThrow('ECONNREFUSED');
    let row = await db.knex('email_messages').where({ jobId: 'job-1' }).first();
    expect(row).toMatchObject({ status: 'failed', toEmail: 'artist@example.com', subject: 'Your login code: 123456', attempts: 1 });
    expect(row.lastError).toContain('ECONNREFUSED');

    mailer.down = false;
    await job.handler(jobOf('job-1', payload));
    await job.handler(jobOf('job-1', payload)); // a duplicate delivery of the job sends nothing more
    row = await db.knex('email_messages').where({ jobId: 'job-1' }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: '<1@test>' });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'artist@example.com', from: 'Studio <studio@example.com>' });
    expect(mailer.sent[0].text).toContain('123456');
    expect(await db.knex('email_messages').where({ jobId: 'job-1' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('fails loudly on an unknown template without sending', async () => {
    const mailer = fakeMailer();
    const job = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger });
    await expect(job.handler(jobOf('job-2', { to: 'a@example.com', template: 'nope', data: {} }))).rejects.toThrow('Unknown email template');
    expect(mailer.sent).toHaveLength(0);
  });

  describe('through the PostgreSQL queue', () => {
    let worker: Queue;
    let producer: Queue;
    afterAll(async () => {
      await producer?.stop();
      await worker?.stop();
    });

    it('a job enqueued by another process wakes the worker through LISTEN/NOTIFY', async () => {
      const mailer = fakeMailer();
      // The worker polls only hourly, so the job can only start through the notification.
      worker = createQueue({ connectionString: db.connectionString, name: 'email-test-worker', processEvery: '1 hour' });
      const job = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger });
      worker.define(job.name, job.handler, job.options);
      const done = new Promise<void>((resolve, reject) => {
        worker.on(`success:${JOBS.sendEmail}`, () => resolve());
        worker.on(`fail:${JOBS.sendEmail}`, (err: Error) => reject(err));
      });
      await worker.start();
      producer = createQueue({ connectionString: db.connectionString, name: 'email-test-producer' });
      await startProducer(producer);
      const id = await enqueue(producer, JOBS.sendEmail, { to: 'queue@example.com', template: 'login-code', data: { code: '654321' } });
      await done;
      expect(mailer.sent.map((m) => m.to)).toEqual(['queue@example.com']);
      expect(await db.knex('email_messages').where({ jobId: id }).first()).toMatchObject({ status: 'sent' });
    });
  });
});
