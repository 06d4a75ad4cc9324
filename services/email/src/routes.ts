import type { Knex } from 'knex';
import {
  Campaign,
  CampaignForm,
  CampaignList,
  CustomEmailBody,
  EmailHealth,
  EmailIdParams,
  EmailQueued,
  EmailTemplate,
  EmailTemplateList,
  RenderedEmail,
  SuccessResponse,
  TemplateBody,
  TemplatePreviewBody,
  TemplatesInitialised,
  TestEmailBody,
} from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { created, redirects, route, sends, type RawBody, type Reply, type RouteTable } from '@mastering/service-kit';
import { z } from 'zod';
import type { Mailer } from './mail/mailer';
import type { LinkSigner } from './tracking/links';
import { emailHealth } from './health/handlers';
import {
  getTemplates,
  postInitSystemTemplates,
  postPreview,
  postResetTemplate,
  postTemplate,
  putTemplate,
  removeTemplate,
} from './templates/handlers';
import { getCampaigns, getOneCampaign, postCampaign, postCancelCampaign } from './campaigns/handlers';
import { postCustomEmail, postTestEmail } from './test-email/handlers';
import {
  clickRedirect,
  consentConfirm,
  consentPage,
  openPixel,
  unsubscribeNow,
  unsubscribePage,
} from './tracking/handlers';

export type EmailRouteDeps = { knex: Knex; mailer: Mailer; queue: Queue; links: LinkSigner; siteUrl: string };

const TokenParams = z.object({ token: z.string().min(1).max(2000) });

/** The health answer: 200 when SMTP answers, 503 with the same shape when it does not. */
const EMAIL_HEALTH: Reply = [
  { status: 200, description: 'SMTP answered', schema: EmailHealth },
  { status: 503, description: 'SMTP is not reachable', schema: EmailHealth },
];
/** Test and custom mails are queued, not sent, when the call answers. */
const QUEUED: Reply = { status: 202, description: 'Queued', schema: EmailQueued };
/** The unsubscribe pages (an invalid link answers 404 with a page too). */
const PAGE = sends('text/html', 'A page for the person who followed the link');
/** RFC 8058 one-click: mail clients post `List-Unsubscribe=One-Click`; the page's button posts an empty form. */
const ONE_CLICK: RawBody = {
  contentType: 'application/x-www-form-urlencoded',
  description: 'List-Unsubscribe=One-Click, or nothing',
};

/** The consent page's button posts an empty form. */
const CONFIRM_FORM: RawBody = { contentType: 'application/x-www-form-urlencoded', description: 'Nothing' };

/** The email service's route table, with the permission of each route. */
export const routes = ({ knex, mailer, queue, links, siteUrl }: EmailRouteDeps): RouteTable => [
  route({
    method: 'GET',
    path: '/api/admin/email-health',
    permission: 'admin',
    response: EMAIL_HEALTH,
    handler: emailHealth(mailer),
  }),
  route({
    method: 'GET',
    path: '/api/admin/email-templates',
    permission: 'admin',
    response: EmailTemplateList,
    handler: getTemplates(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/email-templates',
    permission: 'admin',
    body: TemplateBody,
    response: created(EmailTemplate),
    handler: postTemplate(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/email-templates/preview',
    permission: 'admin',
    body: TemplatePreviewBody,
    response: RenderedEmail,
    handler: postPreview(siteUrl),
  }),
  route({
    method: 'PUT',
    path: '/api/admin/email-templates/:id',
    permission: 'admin',
    params: EmailIdParams,
    body: TemplateBody,
    response: EmailTemplate,
    handler: putTemplate(knex),
  }),
  route({
    method: 'DELETE',
    path: '/api/admin/email-templates/:id',
    permission: 'admin',
    params: EmailIdParams,
    response: SuccessResponse,
    handler: removeTemplate(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/email-templates/:id/reset',
    permission: 'admin',
    params: EmailIdParams,
    accepts: 'none',
    response: EmailTemplate,
    handler: postResetTemplate(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/init-system-templates',
    permission: 'admin',
    accepts: 'none',
    response: TemplatesInitialised,
    handler: postInitSystemTemplates(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/test-email',
    permission: 'admin',
    body: TestEmailBody,
    response: QUEUED,
    handler: postTestEmail(knex, queue, siteUrl),
  }),
  route({
    method: 'POST',
    path: '/api/admin/send-custom-email',
    permission: 'admin',
    body: CustomEmailBody,
    response: QUEUED,
    handler: postCustomEmail(knex, queue, siteUrl),
  }),
  route({
    method: 'GET',
    path: '/api/admin/marketing-campaigns',
    permission: 'admin',
    response: CampaignList,
    handler: getCampaigns(knex),
  }),
  route({
    method: 'GET',
    path: '/api/admin/marketing-campaigns/:id',
    permission: 'admin',
    params: EmailIdParams,
    response: Campaign,
    handler: getOneCampaign(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/marketing-campaigns/:id/cancel',
    permission: 'admin',
    params: EmailIdParams,
    accepts: 'none',
    response: Campaign,
    handler: postCancelCampaign(knex),
  }),
  route({
    method: 'POST',
    path: '/api/admin/send-marketing-campaign',
    permission: 'admin',
    body: CampaignForm,
    response: created(Campaign),
    handler: postCampaign(knex, queue),
  }),
  route({
    method: 'GET',
    path: '/e/unsubscribe/:token',
    permission: 'public',
    params: TokenParams,
    response: PAGE,
    handler: unsubscribePage(links),
  }),
  route({
    method: 'POST',
    path: '/e/unsubscribe/:token',
    permission: 'public',
    params: TokenParams,
    accepts: ONE_CLICK,
    response: PAGE,
    handler: unsubscribeNow(knex, links),
  }),
  route({
    method: 'GET',
    path: '/e/confirm/:token',
    permission: 'public',
    params: TokenParams,
    response: PAGE,
    handler: consentPage(links),
  }),
  route({
    method: 'POST',
    path: '/e/confirm/:token',
    permission: 'public',
    params: TokenParams,
    accepts: CONFIRM_FORM,
    response: PAGE,
    handler: consentConfirm(knex, links),
  }),
  route({
    method: 'GET',
    path: '/e/o/:token',
    permission: 'public',
    params: TokenParams,
    response: sends('image/gif', 'A transparent 1x1 GIF, whatever the token'),
    handler: openPixel(knex, links),
  }),
  route({
    method: 'GET',
    path: '/e/c/:token',
    permission: 'public',
    params: TokenParams,
    response: [
      redirects('To the link the mail carried (signed, so never elsewhere)'),
      sends('text/html', 'Link not valid', 404),
    ],
    handler: clickRedirect(knex, links),
  }),
];
