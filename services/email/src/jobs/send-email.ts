import type { Knex } from 'knex';
import { NOTIFICATION_SWITCHES, notificationEnabled, type MailTemplateName } from '@mastering/contracts';
import { awaitTransactionOutcome, EmailMessage, Invoice, Order, Setting, Unsubscribe } from '@mastering/db';
import { forgetJobData, isFinalFailure, JOBS, MAIL_BACKOFF, SendEmailPayload, type Job } from '@mastering/jobs';
import { renderInvoicePdf } from '@mastering/orders';
import {
  deliveryUrl,
  Invalid,
  orderPageUrl,
  resumeUrl,
  type DownloadLinks,
  type Logger,
  type OrderLinks,
  type ResumeLinks,
} from '@mastering/service-kit';
import { smtpCheckOf, type Mailer, type OutgoingMail } from '../mail/mailer';
import { renderTemplate, storedCopyOf } from '../mail/templates';
import { personalise, unsubscribeHeaders, type LinkSigner } from '../tracking/links';
import {
  claimMessage,
  holdWhileRunning,
  MAIL_CLAIM_MS,
  NotCommittedYet,
  settleMessage,
  StillSending,
} from './message-claims';

/**
 * Templates tried once: the Settings screen's test mail shows the SMTP server's answer at once, and a
 * retry minutes later (through whatever relay is saved by then) would only surprise the admin.
 */
const ONE_TRY_TEMPLATES: ReadonlySet<string> = new Set<MailTemplateName>(['settings-test-email']);

/**
 * `backoff`, except that a one-try template is never retried, and neither is a job that can never
 * succeed (an unknown template, params that do not fit it: `Invalid`). A mail another run is still
 * sending is always tried again (that try finds it sent, or takes over a claim that ran out).
 */
const withOneTry =
  (backoff: typeof MAIL_BACKOFF): typeof MAIL_BACKOFF =>
  (context) => {
    if (context.error instanceof StillSending || context.error instanceof NotCommittedYet) return backoff(context);
    const template = String((context.jobData as { template?: unknown } | undefined)?.template);
    return context.error instanceof Invalid || ONE_TRY_TEMPLATES.has(template) ? null : backoff(context);
  };

type Deps = {
  knex: Knex;
  mailer: Mailer;
  from: string;
  logger: Logger;
  links?: LinkSigner;
  downloads?: DownloadLinks;
  orderLinks?: OrderLinks;
  resumeLinks?: ResumeLinks;
  siteUrl?: string;
  backoff?: typeof MAIL_BACKOFF;
  /** How long a worker's hold on a mail lasts without renewal (tests shorten it); see MAIL_CLAIM_MS. */
  claimMs?: number;
  /** How long a mail queued inside a transaction waits for it to end before trying again later (tests shorten it). */
  commitWaitMs?: number;
};

/**
 * How long a mail queued inside a still-open transaction waits for it to commit. The payment webhook's
 * transaction ends within milliseconds of queuing its mails; one still open after this is retried
 * with the mail backoff. Half the claim, which the running job renews meanwhile.
 */
export const MAIL_COMMIT_WAIT_MS = MAIL_CLAIM_MS / 2;

/**
 * The Message-ID of stored message `id` from `from`: the same on every try, so a mail resent after a
 * worker died between the SMTP server's acceptance and the "sent" write is one message to its
 * recipient's mailbox (mail clients and providers drop a repeated Message-ID).
 */
export const messageIdOf = (id: string, from: string) => `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'}>`;

/** The signers of the links a mail may carry, minted at send time. */
type LinkMinters = {
  downloads: DownloadLinks | undefined;
  orderLinks: OrderLinks | undefined;
  links: LinkSigner | undefined;
  resumeLinks: ResumeLinks | undefined;
};

/**
 * The template data of a payload: its own, plus the links minted now: the delivery link or the payment-resume
 * link it asks for, and for any mail about an order (`orderId`) the order page (`orderPageUrl`, the "View
 * your order" button), as for each entry of a list of `orders`. An order link is minted only into a mail to
 * that order's own customer, of the order's current link generation: staff notices about an order never
 * carry the customer's link, and a revoked generation is never minted again. A marketing-consent
 * confirmation gets the recipient's own confirmation link (`confirmUrl`).
 */
async function dataOf(
  knex: Knex,
  payload: SendEmailPayload,
  { downloads, orderLinks, links, resumeLinks }: LinkMinters,
  siteUrl: string,
) {
  const data: Record<string, unknown> = { ...payload.data };
  if (payload.template === 'marketing-consent-confirm') {
    if (!links) throw new Error('this mail needs the mail link signer');
    data.confirmUrl = links.consentUrl(payload.to);
  }
  if (orderLinks) {
    const listed = Array.isArray(data.orders) ? (data.orders as Record<string, unknown>[]) : [];
    const ids = [payload.orderId, ...listed.map((entry) => entry?.orderId)].filter(
      (id): id is string => typeof id === 'string',
    );
    const customers = new Map(
      (ids.length > 0
        ? await Order.query(knex)
            .findByIds([...new Set(ids)])
            .select('id', 'customerEmail', 'linkVersion')
        : []
      ).map((o) => [o.id, o]),
    );
    const linkOf = (orderId: string) => {
      const order = customers.get(orderId);
      return order && order.customerEmail.toLowerCase() === payload.to.toLowerCase()
        ? orderPageUrl(orderLinks, siteUrl, orderId, new Date(), order.linkVersion)
        : undefined;
    };
    const own = payload.orderId ? linkOf(payload.orderId) : undefined;
    if (own) data.orderPageUrl = own;
    // A mail listing orders (Track my order) gets a link in each entry that is the recipient's.
    if (listed.length > 0)
      data.orders = listed.map((entry) => {
        const link = typeof entry?.orderId === 'string' ? linkOf(entry.orderId) : undefined;
        return link ? { ...entry, orderPageUrl: link } : entry;
      });
  }
  if (payload.resumeLink) {
    if (!resumeLinks) throw new Error('this mail needs the payment-resume link signer');
    const { orderId, expiresAt } = payload.resumeLink;
    data.resumeUrl = resumeUrl(resumeLinks, siteUrl, orderId, expiresAt);
  }
  if (!payload.downloadLink) return data;
  if (!downloads) throw new Error('this mail needs the download link signer');
  const { orderId, expiresAt } = payload.downloadLink;
  return { ...data, downloadUrl: deliveryUrl(downloads, siteUrl, orderId, expiresAt) };
}

/**
 * The invoice or credit note PDF a payload asks for, rendered now from the issued document (a credit
 * note with the invoice it credits); none asked: no attachment.
 */
async function attachmentsOf(knex: Knex, payload: SendEmailPayload): Promise<OutgoingMail['attachments']> {
  if (!payload.invoiceId) return undefined;
  const invoice = await Invoice.query(knex).findById(payload.invoiceId).withGraphFetched('credited').throwIfNotFound();
  return [
    { filename: `${invoice.number}.pdf`, content: await renderInvoicePdf(invoice), contentType: 'application/pdf' },
  ];
}

/**
 * The `email.send` job: records the message in `email_messages` (once per job, so retries reuse the
 * row; secrets such as a login code masked), sends it over SMTP and marks it sent; a failure is
 * recorded and rethrown so agenda retries with backoff. A message already sent is never sent again.
 * Once sent, or after the last failed try, the job's payload is emptied, so no secret stays stored.
 * A delivery or payment-resume link the payload asks for, and the order page of a mail about an order, are
 * minted now (the job row holds no token) and masked in the stored copy. Params that do not fit the template's schema (MAIL_TEMPLATES) fail the job at once,
 * unsent and unrecorded, and it is not retried. Marketing mail is never sent to an unsubscribed address
 * and carries the unsubscribe link and headers.
 * A notification whose switch is off in the Email settings (order confirmations, status updates) is
 * dropped unsent, and so is a mail whose queuing transaction (`afterTransaction`) rolled back; one whose
 * transaction is still open waits for it to end (up to `commitWaitMs`, then it is tried again later).
 * Delivery is at least once, and once in practice: the job's lock and the message's claim last
 * `claimMs` unless renewed, so the mail of a worker killed mid-send is sent by another worker soon
 * after, while a live run's claim keeps any second run from sending it too.
 */
export function sendEmailJob({
  knex,
  mailer,
  from,
  logger,
  links,
  downloads,
  orderLinks,
  resumeLinks,
  siteUrl = '',
  backoff = MAIL_BACKOFF,
  claimMs = MAIL_CLAIM_MS,
  commitWaitMs = MAIL_COMMIT_WAIT_MS,
}: Deps) {
  /** A duplicate delivery of a sent mail sends nothing; it also finishes forgetting the payload if that failed last time. */
  const alreadySent = async (job: Job<SendEmailPayload>) => {
    if (Object.keys(job.attrs.data ?? {}).length > 0) await forgetJobData(job);
  };
  return {
    name: JOBS.sendEmail,
    options: { backoff: withOneTry(backoff), concurrency: 5, lockLifetime: claimMs },
    async handler(job: Job<SendEmailPayload>) {
      const jobId = String(job.attrs._id);
      let message = await EmailMessage.query(knex).findOne({ jobId });
      if (message?.status === 'sent') return alreadySent(job);
      const hold = holdWhileRunning(job, knex, claimMs, logger);
      try {
        const payload = SendEmailPayload.parse(job.attrs.data);
        if (!message && payload.afterTransaction) {
          const outcome = await awaitTransactionOutcome(knex, payload.afterTransaction, commitWaitMs);
          if (outcome === 'in progress') throw new NotCommittedYet(payload.afterTransaction);
          if (outcome === 'aborted') {
            logger.info({ template: payload.template }, 'mail of a rolled-back transaction dropped unsent');
            await forgetJobData(job);
            return;
          }
        }
        const marketing = payload.kind === 'marketing';
        if (marketing && !message && (await Unsubscribe.query(knex).findById(payload.to.toLowerCase()))) {
          logger.info({ template: payload.template }, 'marketing mail to an unsubscribed address skipped');
          await forgetJobData(job);
          return;
        }
        // Only a template with a switch needs the settings read.
        const switchable = payload.template in NOTIFICATION_SWITCHES;
        if (!message && switchable && !notificationEnabled(await Setting.section(knex, 'email'), payload.template)) {
          logger.info({ template: payload.template }, 'notification switched off in the Email settings; not sent');
          await forgetJobData(job);
          return;
        }
        if (marketing && !links) throw new Error('marketing mail needs the unsubscribe link signer');
        const unsubscribeUrl = links?.unsubscribeUrl(payload.to) ?? '';
        const data = await dataOf(knex, payload, { downloads, orderLinks, links, resumeLinks }, siteUrl);
        const rendered = await renderTemplate(
          knex,
          payload.template,
          marketing ? { ...data, unsubscribeUrl } : data,
          siteUrl,
        );
        const { mail, record } = marketing
          ? {
              mail: { ...rendered.mail, ...personalise(rendered.mail, { unsubscribeUrl }) },
              record: storedCopyOf({ ...rendered.record, ...personalise(rendered.record, { unsubscribeUrl }) }),
            }
          : rendered;
        const headers = marketing ? unsubscribeHeaders(unsubscribeUrl) : undefined;
        message ??= await EmailMessage.query(knex)
          .insert({
            jobId,
            toEmail: payload.to,
            fromEmail: from,
            ...record,
            template: payload.template,
            status: 'queued',
            orderId: payload.orderId ?? null,
            campaignId: payload.campaignId ?? null,
          })
          .returning('*');
        if (!(await claimMessage(knex, message.id, hold.token, claimMs))) {
          // Sent meanwhile by the run that held it, or still going out under its live claim.
          if ((await EmailMessage.query(knex).findById(message.id))?.status === 'sent') return alreadySent(job);
          throw new StillSending(message.id);
        }
        hold.claimed(message.id);
        try {
          // The stored row holds the masked copy; what goes out is the rendering with the real values.
          const attachments = await attachmentsOf(knex, payload);
          const { messageId } = await mailer.send({
            to: message.toEmail,
            from: message.fromEmail,
            messageId: messageIdOf(message.id, message.fromEmail),
            ...mail,
            headers,
            ...(attachments ? { attachments } : {}),
          });
          await settleMessage(knex, message.id, hold.token, {
            status: 'sent',
            sentAt: new Date(),
            providerMessageId: messageId,
            lastError: null,
          });
        } catch (err) {
          logger.warn({ err: (err as Error).message, messageId: message.id }, 'email send failed; will retry');
          // Only what SmtpCheck may say is kept (the test mail's status shows it); the server's text stays in the log.
          await settleMessage(knex, message.id, hold.token, { status: 'failed', lastError: smtpCheckOf(err) });
          throw err;
        }
      } catch (err) {
        if (isFinalFailure(job, err as Error)) await forgetJobData(job);
        throw err;
      } finally {
        hold.stop();
      }
      await forgetJobData(job);
    },
  };
}
