import type { Knex } from 'knex';
import type { CustomEmailBody, MailTemplateName, TestEmailBody } from '@mastering/contracts';
import { sendMail, type Queue } from '@mastering/jobs';
import { assertMailParams, renderTemplate } from '../mail/templates';

/**
 * Queues one mail after rendering it once here, so a template that cannot render is the caller's
 * error (the toast shows it) rather than a job failing later.
 */
async function queueChecked<N extends MailTemplateName>(
  knex: Knex,
  queue: Queue,
  siteUrl: string,
  template: N,
  to: string,
  params: Record<string, unknown>,
) {
  // Typed by this check (renderTemplate makes it too, for the worker's sake).
  assertMailParams(template, params);
  await renderTemplate(knex, template, params, siteUrl);
  const jobId = await sendMail(queue, { template, to, params });
  return { success: true as const, message: `Email queued to ${to}`, jobId };
}

/** POST /api/admin/test-email: one of the eight transactional templates, to the test's customer address. */
export const sendTestEmail = (knex: Knex, queue: Queue, siteUrl: string, body: TestEmailBody) =>
  queueChecked(knex, queue, siteUrl, body.template, String(body.params.customerEmail), body.params);

/** POST /api/admin/send-custom-email: the admin's own subject and text in the custom template. */
export const sendCustomEmail = (knex: Knex, queue: Queue, siteUrl: string, body: CustomEmailBody) =>
  queueChecked(knex, queue, siteUrl, 'custom', body.to, { subject: body.subject, content: body.content });
