// Keeps promise "credit-note-on-refund" (packages/contracts/src/promises.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerOrderView, OrderRefunds, ORDER_LINK_INVALID } from '@mastering/contracts';
import { createQueue, JOBS, SendEmailPayload, type Job, type Queue } from '@mastering/jobs';
import { pdfText } from '@mastering/orders';
import { createLogger, createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, signedInAs } from '../support';
import { deliver, paidOrder, refundAsAdmin, refundingStorefrontPerFile } from '../purchase';
// The refund mail crosses two services: the storefront queues it on the webhook, the email service's worker
// renders it with the credit note's PDF. This test runs both halves for real, so it reaches into the email service.
import { sendEmailJob } from '../../../email/src/jobs/send-email';
import type { Mailer, OutgoingMail } from '../../../email/src/mail/mailer';

// Issue 50: the refund policy promises a credit note. A successful refund's webhook mails the customer
// "Refund processed" with the credit note attached as a PDF, and the order page and the admin's refund
// list link it.
const { sandbox, ctx } = refundingStorefrontPerFile();
const links = createOrderLinks(SECRET);
const tokenOf = (orderId: string) => new URL(orderPageUrl(links, 'http://x', orderId)).searchParams.get('t')!;

const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  async send(mail) {
    sent.push(mail);
    return { messageId: `<${sent.length}@smtp.test>` };
  },
  async verify() {},
  describe: () => ({ host: 'smtp.test', port: 25 }),
  close: () => undefined,
};
let queue: Queue;
beforeAll(() => {
  queue = createQueue({ connectionString: ctx.db.connectionString, name: 'credit-note-mail-test' });
});
afterAll(async () => {
  await queue?.stop();
});

/** Runs a job the storefront queued through the email service's real mail worker; answers the mail sent. */
async function mailOut(data: unknown): Promise<OutgoingMail> {
  const job = queue.create(JOBS.sendEmail, SendEmailPayload.parse(data));
  job.disable();
  await job.save();
  const worker = sendEmailJob({
    knex: ctx.db.knex,
    mailer,
    from: 'Studio <studio@example.com>',
    logger: createLogger('credit-note-test', 'silent'),
    orderLinks: links,
    siteUrl: 'https://studio.example',
  });
  const before = sent.length;
  await worker.handler(job as Job<SendEmailPayload>);
  expect(sent).toHaveLength(before + 1);
  return sent.at(-1)!;
}

/** Issues a refund as the admin and answers the webhook the sandbox sent for it. */
const refund = (orderId: string, amount: number, reason: string) =>
  refundAsAdmin(ctx.site, sandbox, orderId, amount, reason);
const refundMails = (orderId: string) =>
  ctx.site.queued.filter((j) => j.data.template === 'refund-processed' && j.data.orderId === orderId);
const pdfOf = async (res: Response) => pdfText(Buffer.from(await res.arrayBuffer()));

describe('a successful refund mails the customer a credit note', () => {
  it('attaches the credit note PDF to "Refund processed", once, however often the webhook comes', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    const succeeded = await refund(orderId, 100, 'One track was not needed');
    expect((await deliver(ctx.site, succeeded)).status).toBe(200);
    expect((await deliver(ctx.site, { ...succeeded, id: `${succeeded.id}_again` })).status).toBe(200);

    const note = await ctx.db.knex('invoices').where({ order_id: orderId, kind: 'credit_note' }).first();
    const [queued, ...more] = refundMails(orderId);
    expect(more).toEqual([]);
    expect(queued!.data).toMatchObject({ invoiceId: note.id, data: { creditNoteNumber: note.number } });

    const mail = await mailOut(queued!.data);
    expect(mail.to).toBe('naledi@example.com');
    expect(mail.subject).toContain('Refund processed');
    expect(mail.html).toContain(`Your credit note ${note.number} is attached`);
    const [attachment, ...others] = mail.attachments ?? [];
    expect(others).toEqual([]);
    expect(attachment).toMatchObject({ filename: `${note.number}.pdf`, contentType: 'application/pdf' });
    const text = pdfText(attachment!.content);
    expect(text).toContain('Credit Note');
    expect(text).toContain('Refund: One track was not needed');
    expect(text).toContain('R100.00');
    const invoice = await ctx.db.knex('invoices').where({ order_id: orderId }).whereNot('kind', 'credit_note').first();
    expect(text).toContain(`Credits: Receipt ${invoice.number}`);
    expect(text).toContain('Refunded to the paying card through Yoco');
  });

  it('mails no credit note when Yoco fails the refund', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    // The sandbox fails a refund whose cents end in 01.
    expect((await deliver(ctx.site, await refund(orderId, 50.01, 'Goodwill'))).status).toBe(200);
    expect(refundMails(orderId)).toEqual([]);
  });
});

describe('the credit note is downloadable', () => {
  it('from the order page, beside its refund, through the page link alone', async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await refund(orderId, 120, 'Shorter album'));
    const token = tokenOf(orderId);
    const view = CustomerOrderView.parse(
      await (await fetch(`${ctx.site.base}/api/orders/${orderId}/view?t=${token}`)).json(),
    );
    const [shown] = view.refunds;
    const note = await ctx.db.knex('invoices').where({ order_id: orderId, kind: 'credit_note' }).first();
    expect(shown!.creditNote).toEqual({
      number: note.number,
      url: `/api/orders/${orderId}/credit-notes/${note.id}?t=${encodeURIComponent(token)}`,
    });
    const res = await fetch(`${ctx.site.base}${shown!.creditNote!.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${note.number}.pdf`);
    expect(await pdfOf(res)).toContain('Refund: Shorter album');
  });

  it("refuses a forged link, another order's link, and another order's credit note", async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await refund(orderId, 50, 'Goodwill gesture'));
    const { orderId: other } = await paidOrder(ctx.site, sandbox);
    const note = await ctx.db.knex('invoices').where({ order_id: orderId, kind: 'credit_note' }).first();
    const url = (order: string, token: string) =>
      `${ctx.site.base}/api/orders/${order}/credit-notes/${note.id}?t=${encodeURIComponent(token)}`;
    for (const token of [`${tokenOf(orderId)}x`, tokenOf(other)]) {
      const res = await fetch(url(orderId, token));
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(ORDER_LINK_INVALID);
    }
    // A valid link of the other order does not open this order's credit note.
    expect((await fetch(url(other, tokenOf(other)))).status).toBe(404);
    const bad = await fetch(`${ctx.site.base}/api/orders/${orderId}/credit-notes/nope?t=${tokenOf(orderId)}`);
    expect(bad.status).toBe(400);
  });

  it("names each succeeded refund's credit note in the admin's refund list", async () => {
    const { orderId } = await paidOrder(ctx.site, sandbox);
    await deliver(ctx.site, await refund(orderId, 30, 'First part'));
    await deliver(ctx.site, await refund(orderId, 50.01, 'Fails at the bank'));
    const res = await fetch(`${ctx.site.base}/api/admin/refunds/orders/${orderId}`, {
      headers: await signedInAs('admin'),
    });
    const { refunds } = OrderRefunds.parse(await res.json());
    const note = await ctx.db.knex('invoices').where({ order_id: orderId, kind: 'credit_note' }).first();
    expect(refunds.map((r) => [r.status, r.creditNote])).toEqual([
      ['failed', null],
      ['succeeded', { id: note.id, number: note.number }],
    ]);
  });
});
