import type { Knex } from 'knex';
import { enqueue, JOBS, type MAIL_BACKOFF, type Queue } from '@mastering/jobs';
import type { DownloadLinks, Logger, OrderLinks, ResumeLinks } from '@mastering/service-kit';
import type { Mailer } from './mail/mailer';
import { sendEmailJob } from './jobs/send-email';
import { consentRequestJob } from './jobs/consent-request';
import { campaignsToResume, sendCampaignJob } from './campaigns/worker';
import type { LinkSigner } from './tracking/links';

export type WorkerDeps = {
  queue: Queue;
  knex: Knex;
  /** Sends single mails (one connection per message). */
  mailer: Mailer;
  /** Sends campaign mails (a pool of open connections). */
  campaignMailer: Mailer;
  from: string;
  links: LinkSigner;
  /** Mints the delivery links of mails that ask for one (see SendEmailPayload.downloadLink). */
  downloads?: DownloadLinks;
  /** Mints the order-page link of every mail about an order (see SendEmailPayload.orderId). */
  orderLinks?: OrderLinks;
  /** Mints the payment reminder's resume link (see SendEmailPayload.resumeLink). */
  resumeLinks?: ResumeLinks;
  siteUrl: string;
  logger: Logger;
  mailConcurrency: number;
  campaignRate: number;
  campaignConcurrency: number;
  /** Retry policy of both jobs (tests shorten it). */
  backoff?: typeof MAIL_BACKOFF;
  /** How long a worker's hold on a single mail lasts without renewal (tests shorten it); see MAIL_CLAIM_MS. */
  mailClaimMs?: number;
};

/**
 * Defines the mail jobs on `queue`, starts it, and queues again every campaign a stopped worker left
 * in `sending`, so a restart resumes it at once.
 */
export async function startMailWorker(deps: WorkerDeps): Promise<void> {
  const { queue, knex, logger } = deps;
  const single = sendEmailJob({
    knex,
    mailer: deps.mailer,
    from: deps.from,
    logger,
    links: deps.links,
    downloads: deps.downloads,
    orderLinks: deps.orderLinks,
    resumeLinks: deps.resumeLinks,
    siteUrl: deps.siteUrl,
    backoff: deps.backoff,
    claimMs: deps.mailClaimMs,
  });
  queue.define(single.name, single.handler, { ...single.options, concurrency: deps.mailConcurrency });
  const campaign = sendCampaignJob({
    knex,
    mailer: deps.campaignMailer,
    from: deps.from,
    links: deps.links,
    siteUrl: deps.siteUrl,
    logger,
    ratePerSecond: deps.campaignRate,
    concurrency: deps.campaignConcurrency,
    backoff: deps.backoff,
  });
  queue.define(campaign.name, campaign.handler, campaign.options);
  const consent = consentRequestJob({ knex, queue, logger, backoff: deps.backoff });
  queue.define(consent.name, consent.handler, consent.options);
  await queue.start();
  for (const campaignId of await campaignsToResume(knex)) await enqueue(queue, JOBS.sendCampaign, { campaignId });
}
