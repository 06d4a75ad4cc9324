import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger, createOrderLinks, createResumeLinks, grantsOrder } from '@mastering/service-kit';
import { createQueue, JOBS, SendEmailPayload, type Job, type Queue } from '@mastering/jobs';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';
import { sendEmailJob } from '../../src/jobs/send-email';
import { SECRET_MASK } from '../../src/mail/templates';

let db: TestDatabase;
let queue: Queue;
const logger = createLogger('email-test', 'silent');
const orderLinks = createOrderLinks('k'.repeat(64));
const ORDER = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

function recordingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer & { sent: OutgoingMail[] } = {
    sent,
    async send(mail) {
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
    async verify() {},
    describe: () => ({ host: 'test', port: 25 }),
    close: () => undefined,
  };
  return mailer;
}

/** A disabled job row (no worker picks it up) to run by hand. */
async function jobOf(data: Parameters<typeof SendEmailPayload.parse>[0]): Promise<Job<SendEmailPayload>> {
  const job = queue.create(JOBS.sendEmail, SendEmailPayload.parse(data));
  job.disable();
  await job.save();
  return job as Job<SendEmailPayload>;
}

beforeAll(async () => {
  db = await createTestDatabase();
  // The stored message names its order (a foreign key).
  await db.knex('orders').insert({
    id: ORDER,
    customerEmail: 'c@example.com',
    status: 'in_progress',
    unitPriceCents: 49900,
    trackCount: 1,
    discountPercent: 0,
    subtotalCents: 49900,
    discountCents: 0,
    totalCents: 49900,
  });
  queue = createQueue({ connectionString: db.connectionString, name: 'order-links-test' });
});
afterAll(async () => {
  await queue.stop();
  await db.destroy();
});

const orderMail = { customerEmail: 'c@example.com', customerName: 'C', orderId: ORDER, trackTitle: 'Song' };

describe('the order page link in order mails', () => {
  it('is minted at send time for any mail that names its order, opens that order, and is masked in the stored copy', async () => {
    const mailer = recordingMailer();
    const { handler } = sendEmailJob({
      knex: db.knex,
      mailer,
      from: 'x@example.com',
      logger,
      orderLinks,
      siteUrl: 'https://studio.example',
    });
    const job = await jobOf({
      to: 'c@example.com',
      template: 'mastering-started',
      data: { ...orderMail, estimatedCompletion: new Date().toISOString() },
      orderId: ORDER,
    });
    await handler(job);
    const sent = mailer.sent[0]!;
    const match = sent.text.match(/View your order: https:\/\/studio\.example\/orders\/([\w-]+)\?t=([\w-]+)/);
    expect(match?.[1]).toBe(ORDER);
    expect(grantsOrder(orderLinks, match![2]!, ORDER)).toBe(true);
    expect(sent.html).toContain('View your order');
    const row = await db
      .knex('email_messages')
      .where({ jobId: String(job.attrs._id) })
      .first();
    expect(JSON.stringify(row)).not.toContain(match![2]!);
    expect(row.text).toContain(`View your order: ${SECRET_MASK}`);
  });

  it("never mints the customer's link into a mail to anyone else, and mints the order's current link generation", async () => {
    const mailer = recordingMailer();
    const { handler } = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger, orderLinks });
    const started = { ...orderMail, estimatedCompletion: new Date().toISOString() };
    // A staff notice about the order (sent to an admin) carries no link that opens the customer's page.
    await handler(
      await jobOf({ to: 'admin@example.com', template: 'mastering-started', data: started, orderId: ORDER }),
    );
    expect(mailer.sent[0]!.text).not.toContain('View your order');
    // Once staff revoked the links, the customer's next mail carries one of the new generation only.
    await db.knex('orders').where({ id: ORDER }).update({ linkVersion: 1 });
    try {
      await handler(await jobOf({ to: 'C@Example.com', template: 'mastering-started', data: started, orderId: ORDER }));
      const token = mailer.sent[1]!.text.match(/\/orders\/[\w-]+\?t=([\w-]+)/)![1]!;
      expect(grantsOrder(orderLinks, token, ORDER, new Date(), 1)).toBe(true);
      expect(grantsOrder(orderLinks, token, ORDER, new Date(), 0)).toBe(false);
    } finally {
      await db.knex('orders').where({ id: ORDER }).update({ linkVersion: 0 });
    }
  });

  it('leaves the button out of a mail that names no order', async () => {
    const mailer = recordingMailer();
    const { handler } = sendEmailJob({ knex: db.knex, mailer, from: 'x@example.com', logger, orderLinks });
    await handler(
      await jobOf({
        to: 'c@example.com',
        template: 'mastering-started',
        data: { ...orderMail, estimatedCompletion: new Date().toISOString() },
      }),
    );
    expect(mailer.sent[0]!.text).not.toContain('View your order');
  });
});

describe('Track my order’s mail', () => {
  it('lists each order with its own signed link, masked in the stored copy', async () => {
    const mailer = recordingMailer();
    const { handler } = sendEmailJob({
      knex: db.knex,
      mailer,
      from: 'x@example.com',
      logger,
      orderLinks,
      siteUrl: 'https://studio.example',
    });
    const job = await jobOf({
      to: 'c@example.com',
      template: 'order-list',
      data: { orders: [{ orderId: ORDER, shortId: ORDER.slice(0, 8), status: 'Delivered', placedOn: '1 May 2026' }] },
    });
    await handler(job);
    const link = mailer.sent[0]!.html.match(/https:\/\/studio\.example\/orders\/([\w-]+)\?t=([\w-]+)/);
    expect(link?.[1]).toBe(ORDER);
    expect(grantsOrder(orderLinks, link![2]!, ORDER)).toBe(true);
    expect(mailer.sent[0]!.text).toContain(`Order ${ORDER.slice(0, 8)}`);
    const row = await db
      .knex('email_messages')
      .where({ jobId: String(job.attrs._id) })
      .first();
    expect(JSON.stringify(row)).not.toContain(link![2]!);
  });
});

describe('the payment reminder’s resume link', () => {
  it('is minted at send time from the job’s request (the job row holds no token), works, and is masked in the stored copy', async () => {
    const resumeLinks = createResumeLinks('k'.repeat(64));
    const mailer = recordingMailer();
    const { handler } = sendEmailJob({
      knex: db.knex,
      mailer,
      from: 'x@example.com',
      logger,
      orderLinks,
      resumeLinks,
      siteUrl: 'https://studio.example',
    });
    const job = await jobOf({
      to: 'c@example.com',
      template: 'payment-reminder',
      data: { orderId: ORDER, customerEmail: 'c@example.com', amount: 'R499', expiresInHours: 48 },
      orderId: ORDER,
      resumeLink: { orderId: ORDER, expiresAt: new Date(Date.now() + 86_400_000) },
    });
    expect(JSON.stringify(job.attrs.data)).not.toContain('/api/payment/resume/');
    await handler(job);
    const token = mailer.sent[0]!.text.match(/https:\/\/studio\.example\/api\/payment\/resume\/([\w.-]+)/)?.[1];
    const verified = resumeLinks.verify(token!);
    expect(verified && verified !== 'expired' && verified.claims).toEqual({ order: ORDER });
    const row = await db
      .knex('email_messages')
      .where({ jobId: String(job.attrs._id) })
      .first();
    expect(JSON.stringify(row)).not.toContain(token!);
    expect(row.text).toContain(SECRET_MASK);
  });
});
