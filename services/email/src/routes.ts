import type { Knex } from 'knex';
import { CampaignForm, CustomEmailBody, EmailIdParams, TemplateBody, TemplatePreviewBody, TestEmailBody } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { route, type RouteTable } from '@mastering/service-kit';
import { z } from 'zod';
import type { Mailer } from './mail/mailer';
import type { LinkSigner } from './tracking/links';
import { emailHealth } from './health/handlers';
import { getTemplates, postInitSystemTemplates, postPreview, postResetTemplate, postTemplate, putTemplate, removeTemplate } from './templates/handlers';
import { getCampaigns, getOneCampaign, postCampaign, postCancelCampaign } from './campaigns/handlers';
import { postCustomEmail, postTestEmail } from './test-email/handlers';
import { clickRedirect, openPixel, unsubscribeNow, unsubscribePage } from './tracking/handlers';

export type EmailRouteDeps = { knex: Knex; mailer: Mailer; queue: Queue; links: LinkSigner; siteUrl: string };

const TokenParams = z.object({ token: z.string().min(1).max(2000) });

/** The email service's route table, with the permission of each route. */
export const routes = ({ knex, mailer, queue, links, siteUrl }: EmailRouteDeps): RouteTable => [
  route({ method: 'GET', path: '/api/admin/email-health', permission: 'admin', handler: emailHealth(mailer) }),
  route({ method: 'GET', path: '/api/admin/email-templates', permission: 'admin', handler: getTemplates(knex) }),
  route({ method: 'POST', path: '/api/admin/email-templates', permission: 'admin', body: TemplateBody, handler: postTemplate(knex) }),
  route({ method: 'POST', path: '/api/admin/email-templates/preview', permission: 'admin', body: TemplatePreviewBody, handler: postPreview(siteUrl) }),
  route({ method: 'PUT', path: '/api/admin/email-templates/:id', permission: 'admin', params: EmailIdParams, body: TemplateBody, handler: putTemplate(knex) }),
  route({ method: 'DELETE', path: '/api/admin/email-templates/:id', permission: 'admin', params: EmailIdParams, handler: removeTemplate(knex) }),
  route({ method: 'POST', path: '/api/admin/email-templates/:id/reset', permission: 'admin', params: EmailIdParams, handler: postResetTemplate(knex) }),
  route({ method: 'POST', path: '/api/admin/init-system-templates', permission: 'admin', handler: postInitSystemTemplates(knex) }),
  route({ method: 'POST', path: '/api/admin/test-email', permission: 'admin', body: TestEmailBody, handler: postTestEmail(knex, queue, siteUrl) }),
  route({ method: 'POST', path: '/api/admin/send-custom-email', permission: 'admin', body: CustomEmailBody, handler: postCustomEmail(knex, queue, siteUrl) }),
  route({ method: 'GET', path: '/api/admin/marketing-campaigns', permission: 'admin', handler: getCampaigns(knex) }),
  route({ method: 'GET', path: '/api/admin/marketing-campaigns/:id', permission: 'admin', params: EmailIdParams, handler: getOneCampaign(knex) }),
  route({ method: 'POST', path: '/api/admin/marketing-campaigns/:id/cancel', permission: 'admin', params: EmailIdParams, handler: postCancelCampaign(knex) }),
  route({ method: 'POST', path: '/api/admin/send-marketing-campaign', permission: 'admin', body: CampaignForm, handler: postCampaign(knex, queue) }),
  route({ method: 'GET', path: '/e/unsubscribe/:token', permission: 'public', params: TokenParams, handler: unsubscribePage(links) }),
  route({ method: 'POST', path: '/e/unsubscribe/:token', permission: 'public', params: TokenParams, handler: unsubscribeNow(knex, links) }),
  route({ method: 'GET', path: '/e/o/:token', permission: 'public', params: TokenParams, handler: openPixel(knex, links) }),
  route({ method: 'GET', path: '/e/c/:token', permission: 'public', params: TokenParams, handler: clickRedirect(knex, links) }),
];
