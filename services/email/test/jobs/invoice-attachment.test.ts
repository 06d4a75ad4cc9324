import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import { createQueue, JOBS, type Job, type Queue, SendEmailPayload } from '@mastering/jobs';
import { issueInvoice } from '@mastering/orders';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';
import { sendEmailJob } from '../../src/jobs/send-email';

let db: TestDatabase;
let queue: Queue;
const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
    return { messageId: `<${sent.length}@test>` };
  },
  async verify() {},
  describe: () => ({ host: 'test', port: 25 }),
  close: () => undefined,
};

beforeAll(async () => {
  db = await createTestDatabase();
  queue = createQueue({ connectionString: db.connectionString, name: 'invoice-attachment-test' });
});
afterAll(async () => {
  await queue?.stop();
  await db?.destroy();
});

describe('the order confirmation carries the invoice', () => {
  it('attaches the PDF the worker renders from the issued invoice the job names', async () => {
    const [{ id: orderId }] = await db
      .knex('orders')
      .insert({
        customerEmail: 'buyer@example.co.za',
        status: 'payment_confirmed',
        unitPriceCents: 49_900,
        trackCount: 1,
        discountPercent: 35,
        subtotalCents: 49_900,
        discountCents: 17_500,
        totalCents: 32_400,
      })
      .returning('id');
    const invoice = await db.knex.transaction((trx) => issueInvoice(trx, orderId));
    const job = queue.create(
      JOBS.sendEmail,
      SendEmailPayload.parse({
        to: 'buyer@example.co.za',
        template: 'order-confirmation',
        data: { orderId, amount: 'R324', trackCount: 1, fileNames: 'a.wav', deliveryHours: 48 },
        orderId,
        invoiceId: invoice.id,
      }),
    );
    job.disable();
    await job.save();
    const { handler } = sendEmailJob({
      knex: db.knex,
      mailer,
      from: 'studio@example.com',
      logger: createLogger('t', 'silent'),
    });
    await handler(job as Job<SendEmailPayload>);
    expect(sent).toHaveLength(1);
    const [attachment] = sent[0]!.attachments ?? [];
    expect(attachment).toMatchObject({ filename: 'INV-000001.pdf', contentType: 'application/pdf' });
    const pdf = attachment!.content.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // The heading is the document's kind (a Receipt: the studio is not a VAT vendor by default); pdfkit
    // writes uncompressed text runs as hex.
    expect(pdf.toLowerCase()).toContain(Buffer.from('Receipt').toString('hex'));
  });
});
