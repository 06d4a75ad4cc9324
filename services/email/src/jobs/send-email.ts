import type { Knex } from 'knex';
import { JOBS, MAIL_BACKOFF, SendEmailPayload, type Job } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import type { Mailer } from '../mail/mailer';
import { renderTemplate } from '../mail/templates';

type Deps = { knex: Knex; mailer: Mailer; from: string; logger: Logger; backoff?: typeof MAIL_BACKOFF };

/**
 * The `email.send` job: records the message in `email_messages` (once per job, so retries reuse the
 * row), sends it over SMTP and marks it sent; a failure is recorded and rethrown so agenda retries
 * with backoff. A message already sent is never sent again.
 */
export function sendEmailJob({ knex, mailer, from, logger, backoff = MAIL_BACKOFF }: Deps) {
  return {
    name: JOBS.sendEmail,
    options: { backoff, concurrency: 5 },
    async handler(job: Job<SendEmailPayload>) {
      const payload = SendEmailPayload.parse(job.attrs.data);
      const jobId = String(job.attrs._id);
      let message = await knex('email_messages').where({ jobId }).first();
      if (message?.status === 'sent') return;
      if (!message) {
        const rendered = renderTemplate(payload.template, payload.data);
        [message] = await knex('email_messages')
          .insert({
            jobId,
            toEmail: payload.to,
            fromEmail: from,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            template: payload.template,
            status: 'queued',
            orderId: payload.orderId ?? null,
            campaignId: payload.campaignId ?? null,
          })
          .returning('*');
      }
      await knex('email_messages').where({ id: message.id }).update({ status: 'sending', attempts: knex.raw('attempts + 1') });
      try {
        const { messageId } = await mailer.send({ to: message.toEmail, from: message.fromEmail, subject: message.subject, html: message.html, text: message.text });
        await knex('email_messages').where({ id: message.id }).update({ status: 'sent', sentAt: knex.fn.now(), providerMessageId: messageId, lastError: null });
      } catch (err) {
        logger.warn({ err: (err as Error).message, messageId: message.id }, 'email send failed; will retry');
        await knex('email_messages').where({ id: message.id }).update({ status: 'failed', lastError: String((err as Error).message).slice(0, 1000) });
        throw err;
      }
    },
  };
}
