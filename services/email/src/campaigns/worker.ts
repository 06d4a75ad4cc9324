import type { Knex } from 'knex';
import { Campaign } from '@mastering/db';
import { JOBS, MAIL_BACKOFF, SendCampaignPayload, type Job } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import { isPermanentRejection, type Mailer } from '../mail/mailer';
import { renderSource, resolveSource, viewOf } from '../mail/templates';
import { personalise, unsubscribeHeaders, type LinkSigner } from '../tracking/links';
import { resolveRecipients } from './service';

export type CampaignDeps = {
  knex: Knex;
  mailer: Mailer;
  from: string;
  links: LinkSigner;
  siteUrl: string;
  logger: Logger;
  /** Messages per second across this worker's senders; 0 = as fast as SMTP takes them. */
  ratePerSecond: number;
  /** How many messages this worker has in flight at once. */
  concurrency: number;
  /** Retry policy of the job (tests shorten it). */
  backoff?: typeof MAIL_BACKOFF;
};

/**
 * A shared pace for the senders: each takes the next free slot, `1000 / rate` ms apart. The queue of
 * slots is in memory, so the limit holds per worker process.
 */
export function createThrottle(ratePerSecond: number) {
  let next = 0;
  return async () => {
    if (ratePerSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / ratePerSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

type Claimed = { id: string; email: string; unsubscribed: boolean };

/**
 * Works through a campaign's pending recipients until none is left, then marks it sent. Each
 * recipient is claimed with `FOR UPDATE SKIP LOCKED` in its own transaction that stays open while its
 * mail goes out: several workers share a campaign without sending twice, and a worker that dies
 * mid-way leaves its claimed row pending for whoever resumes. A 5xx reply is a bounce; any other SMTP
 * failure stops the run with the row still pending, so the job's retry picks it up.
 */
export async function runCampaign(deps: CampaignDeps, campaignId: string, signal?: AbortSignal): Promise<void> {
  const { knex, logger } = deps;
  let campaign = await Campaign.query(knex).findById(campaignId);
  if (!campaign) return;
  if (campaign.status === 'scheduled') {
    // The scheduled time has come: the audience is taken as it is now.
    await knex.transaction(async (trx) => {
      const moved = await Campaign.query(trx).findById(campaignId).where('status', 'scheduled').patch({ status: 'sending' });
      if (moved) await resolveRecipients(trx, campaign!);
    });
    campaign = await Campaign.query(knex).findById(campaignId);
  }
  if (!campaign || campaign.status !== 'sending') return;

  // Resolved and compiled once per run; only the links differ per recipient.
  const { source } = await resolveSource(knex, campaign.template);
  const throttle = createThrottle(deps.ratePerSecond);
  const baseView = viewOf({ subject: campaign.subject, content: campaign.content }, deps.siteUrl);

  const sendNext = () =>
    knex.transaction(async (trx): Promise<boolean> => {
      const { rows } = await trx.raw<{ rows: Claimed[] }>(
        `select r.id, r.email, exists (select 1 from unsubscribes u where u.email = lower(r.email)) as unsubscribed
         from campaign_recipients r where r.campaign_id = ? and r.status = 'pending'
         order by r.id limit 1 for update of r skip locked`,
        [campaignId],
      );
      const recipient = rows[0];
      if (!recipient) return false;
      if (recipient.unsubscribed) {
        await trx('campaign_recipients').where({ id: recipient.id }).update({ status: 'failed', lastError: 'unsubscribed' });
        return true;
      }
      await throttle();
      const unsubscribeUrl = deps.links.unsubscribeUrl(recipient.email);
      const rendered = await renderSource(source, { ...baseView, unsubscribeUrl });
      const body = personalise(rendered, {
        unsubscribeUrl,
        openUrl: deps.links.openUrl(recipient.id),
        click: (url) => deps.links.clickUrl(recipient.id, url),
      });
      try {
        await deps.mailer.send({ to: recipient.email, from: deps.from, subject: rendered.subject, ...body, headers: unsubscribeHeaders(unsubscribeUrl) });
        await trx('campaign_recipients').where({ id: recipient.id }).update({ status: 'sent', sentAt: new Date(), lastError: null });
      } catch (err) {
        if (!isPermanentRejection(err)) throw err;
        await trx('campaign_recipients').where({ id: recipient.id }).update({ status: 'bounced', lastError: String((err as Error).message).slice(0, 1000) });
      }
      return true;
    });

  const sender = async () => {
    while (!signal?.aborted && (await sendNext()));
  };
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, deps.concurrency) }, sender));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    logger.warn({ err: (failure.reason as Error).message, campaignId }, 'campaign paused: SMTP failed; the job retries');
    throw failure.reason;
  }
  if (signal?.aborted) return;
  // Done when nothing is pending; a row another worker still holds is pending, and that worker finishes.
  await knex('campaigns')
    .where({ id: campaignId, status: 'sending' })
    .whereNotExists(knex('campaign_recipients').where({ campaignId, status: 'pending' }).select(knex.raw('1')))
    .update({ status: 'sent', sentAt: new Date() });
}

/** The `campaign.send` job: runs a campaign; agenda retries it with backoff while SMTP is down. */
export function sendCampaignJob(deps: CampaignDeps) {
  return {
    name: JOBS.sendCampaign,
    options: { backoff: deps.backoff ?? MAIL_BACKOFF, concurrency: 2 },
    async handler(job: Job<SendCampaignPayload>) {
      const { campaignId } = SendCampaignPayload.parse(job.attrs.data);
      await runCampaign(deps, campaignId);
    },
  };
}

/**
 * Campaigns a stopped worker left in `sending`: queued again when a worker starts, so a restart
 * resumes them at once (the pending rows say who is still owed the mail).
 */
export async function campaignsToResume(knex: Knex): Promise<string[]> {
  const rows = await Campaign.query(knex).where('status', 'sending').select('id');
  return rows.map((row) => row.id);
}
