import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createDownloadLinks, createLogger } from '@mastering/service-kit';
import { createQueue, enqueue, JOBS, startProducer, type Job, type Queue, SendEmailPayload } from '@mastering/jobs';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';
import { sendEmailJob } from '../../src/jobs/send-email';
import { SECRET_MASK } from '../../src/mail/templates';

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
    close: () => undefined,
  };
  return mailer;
}

let queue: Queue;

/**
 * A real job row for the test to run by hand: disabled, so no worker picks it up, and owned by a queue
 * that knows the job's retry policy (which decides when a failure is the last).
 */
async function jobOf(
  data: Parameters<typeof SendEmailPayload.parse>[0],
  failCount = 0,
): Promise<Job<SendEmailPayload>> {
  const job = queue.create(JOBS.sendEmail, SendEmailPayload.parse(data));
  job.disable();
  job.attrs.failCount = failCount;
  await job.save();
  return job as Job<SendEmailPayload>;
}

/** The payload as stored in the job table. */
const storedData = async (job: Job) =>
  (
    await db
      .knex('agenda_jobs')
      .where({ id: String(job.attrs._id) })
      .first()
  ).data;

beforeAll(async () => {
  db = await createTestDatabase();
  queue = createQueue({ connectionString: db.connectionString, name: 'email-test-runner' });
  const definition = sendEmailJob({ knex: db.knex, mailer: fakeMailer(), from: 'x@example.com', logger });
  queue.define(definition.name, definition.handler, definition.options);
  await startProducer(queue);
});
afterAll(async () => {
  await queue?.stop();
  await db?.destroy();
});

const loginCode = (code: string) => ({
  to: 'artist@example.com',
  template: 'login-code',
  data: { code, expiresInMinutes: 10 },
});

describe('email.send job', () => {
  it('records the message with the code masked, keeps it when SMTP is down, sends the real code once on retry, then forgets the payload', async () => {
    const mailer = fakeMailer();
    const handler = sendEmailJob({ knex: db.knex, mailer, from: 'Studio <studio@example.com>', logger }).handler;
    const job = await jobOf(loginCode('123456'));
    const jobId = String(job.attrs._id);
    mailer.down = true;
    await expect(handler(job)).rejects.toThrow('ECONNREFUSED');
    let row = await db.knex('email_messages').where({ jobId }).first();
    expect(row).toMatchObject({
      status: 'failed',
      toEmail: 'artist@example.com',
      subject: `Your login code: ${SECRET_MASK}`,
      attempts: 1,
    });
    expect(row.lastError).toBe('refused'); // what SmtpCheck may say, never the server's own text
    expect(JSON.stringify(row)).not.toContain('123456');
    // The retry still needs the code, so the job keeps it until the message is out.
    expect(await storedData(job)).toMatchObject({ data: { code: '123456' } });

    mailer.down = false;
    await handler(job);
    await handler(job); // a duplicate delivery of the job sends nothing more
    row = await db.knex('email_messages').where({ jobId }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: '<1@test>' });
    expect(JSON.stringify(row)).not.toContain('123456');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: 'artist@example.com',
      from: 'Studio <studio@example.com>',
      subject: 'Your login code: 123456',
    });
    expect(mailer.sent[0].text).toContain('123456');
    expect(mailer.sent[0].html).toContain('123456');
    expect(await db.knex('email_messages').where({ jobId }).count({ n: '*' })).toEqual([{ n: '1' }]);
    expect(await storedData(job)).toEqual({});
  });

  it('mails the one-time sign-in button of a code mail, and stores it masked', async () => {
    const mailer = fakeMailer();
    const handler = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger }).handler;
    const linkToken = 'Tk_-0123456789abcdefghijklmnopqrstuvwxyzABC';
    for (const [template, path] of [
      ['login-code', '/login'],
      ['data-access-code', '/your-data'],
    ] as const) {
      const job = await jobOf({
        ...loginCode('765432'),
        template,
        data: { code: '765432', expiresInMinutes: 10, linkToken },
      });
      await handler(job);
      const mail = mailer.sent.at(-1)!;
      expect(mail.html).toContain(`${path}#link=${linkToken}`);
      expect(mail.text).toContain(`${path}#link=${linkToken}`);
      expect(mail.text).toContain('it works once, in any browser');
      const row = await db
        .knex('email_messages')
        .where({ jobId: String(job.attrs._id) })
        .first();
      expect(JSON.stringify(row)).not.toContain(linkToken);
      expect(row.html).toContain(`#link=${SECRET_MASK}`);
    }
    // A code mail without a link (queued before links existed) shows no button.
    await handler(await jobOf(loginCode('111222')));
    expect(mailer.sent.at(-1)!.text).not.toContain('#link=');
  });

  it('forgets the payload after the last failed try only', async () => {
    const mailer = fakeMailer();
    mailer.down = true;
    const handler = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger }).handler;
    const retried = await jobOf(loginCode('222333'), 7); // MAIL_BACKOFF allows 8 retries: one more to come
    await expect(handler(retried)).rejects.toThrow('ECONNREFUSED');
    expect(await storedData(retried)).toMatchObject({ data: { code: '222333' } });
    const last = await jobOf(loginCode('444555'), 8);
    await expect(handler(last)).rejects.toThrow('ECONNREFUSED');
    expect(await storedData(last)).toEqual({});
  });

  it('tries the settings test mail once: its first failure is final, so it never arrives later by surprise', async () => {
    const mailer = fakeMailer();
    mailer.down = true;
    const handler = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger }).handler;
    const job = await jobOf({
      to: 'owner@example.com',
      template: 'settings-test-email',
      data: { siteName: 'Studio', sentAt: new Date().toISOString() },
    });
    await expect(handler(job)).rejects.toThrow('ECONNREFUSED');
    expect(await storedData(job)).toEqual({});
    expect(
      await db
        .knex('email_messages')
        .where({ jobId: String(job.attrs._id) })
        .first(),
    ).toMatchObject({ status: 'failed' });
  });

  it('mints the delivery link a job asks for when it sends: the job row never holds a token, the stored copy masks it', async () => {
    const mailer = fakeMailer();
    const downloads = createDownloadLinks('d'.repeat(40));
    const handler = sendEmailJob({
      knex: db.knex,
      mailer,
      from: 'x@example.com',
      logger,
      downloads,
      siteUrl: 'https://studio.example',
    }).handler;
    const orderId = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
    const expiresAt = new Date(Date.now() + 7 * 86_400_000);
    const params = {
      customerEmail: 'c@example.com',
      customerName: 'C',
      orderId,
      trackTitle: 'Song',
      expiryDate: expiresAt.toISOString(),
    };
    const job = await jobOf({
      to: 'c@example.com',
      template: 'mastering-complete',
      data: params,
      downloadLink: { orderId, expiresAt },
    });
    expect(JSON.stringify(await storedData(job))).not.toMatch(/\/download\//);
    await handler(job);
    const link = mailer.sent[0]!.text.match(/https:\/\/studio\.example\/download\/([\w-]+)/);
    expect(link).not.toBeNull();
    expect(downloads.verify(link![1]!)).toMatchObject({
      claims: { order: orderId },
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000),
    });
    const row = await db
      .knex('email_messages')
      .where({ jobId: String(job.attrs._id) })
      .first();
    expect(JSON.stringify(row)).not.toContain(link![1]!);
    expect(row.text).toContain(SECRET_MASK);
    // Without the signer the mail cannot go out: a loud failure, not a mail with a blank button.
    const unsigned = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger }).handler;
    await expect(
      unsigned(
        await jobOf({
          to: 'c@example.com',
          template: 'mastering-complete',
          data: params,
          downloadLink: { orderId, expiresAt },
        }),
      ),
    ).rejects.toThrow('download link signer');
  });

  it('refuses a job whose params do not fit its template: it fails at once, unsent, unrecorded and not retried', async () => {
    const mailer = fakeMailer();
    const handler = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger }).handler;
    // Every param is there, but the amount is no amount: rendered, it would read "[object Object]".
    const job = await jobOf({
      to: 'c@example.com',
      template: 'order-confirmation',
      data: { orderId: '7d0f2c4e-0000-4000-8000-000000000009', amount: { rand: 649 } },
    });
    await expect(handler(job)).rejects.toThrow('order-confirmation needs a valid amount');
    expect(mailer.sent).toHaveLength(0);
    expect(
      await db
        .knex('email_messages')
        .where({ jobId: String(job.attrs._id) })
        .first(),
    ).toBeUndefined();
    // Final at the first failure: no retry can mend the params, so the payload is already forgotten.
    expect(await storedData(job)).toEqual({});
  });

  it('fails loudly on an unknown template without sending', async () => {
    const mailer = fakeMailer();
    const job = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger });
    await expect(job.handler(await jobOf({ to: 'a@example.com', template: 'nope', data: {} }))).rejects.toThrow(
      'Unknown email template',
    );
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
      // The queue that ran jobs by hand above would take this one too; only the worker under test may.
      await queue.stop();
      const mailer = fakeMailer();
      // The worker polls only hourly, so the job can only start through the notification.
      worker = createQueue({
        connectionString: db.connectionString,
        name: 'email-test-worker',
        processEvery: '1 hour',
      });
      const job = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger });
      worker.define(job.name, job.handler, job.options);
      const done = new Promise<void>((resolve, reject) => {
        worker.on(`success:${JOBS.sendEmail}`, () => resolve());
        worker.on(`fail:${JOBS.sendEmail}`, (err: Error) => reject(err));
      });
      await worker.start();
      producer = createQueue({ connectionString: db.connectionString, name: 'email-test-producer' });
      await startProducer(producer);
      const id = await enqueue(producer, JOBS.sendEmail, {
        to: 'queue@example.com',
        template: 'login-code',
        data: { code: '654321' },
      });
      await done;
      expect(mailer.sent.map((m) => m.to)).toEqual(['queue@example.com']);
      expect(await db.knex('email_messages').where({ jobId: id }).first()).toMatchObject({ status: 'sent' });
      expect((await db.knex('agenda_jobs').where({ id }).first()).data).toEqual({});
    });
  });
});
