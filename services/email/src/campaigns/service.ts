import type { Knex } from 'knex';
import {
  splitRecipients,
  VIP_THRESHOLD_RAND,
  type Campaign as CampaignShape,
  type CampaignForm,
  type RecipientType,
} from '@mastering/contracts';
import { Campaign, CampaignRecipient, CustomerSummaryRow, MarketingConsent, Unsubscribe, User } from '@mastering/db';
import { enqueue, enqueueAt, JOBS, type Queue } from '@mastering/jobs';
import { Conflict, NotFound } from '@mastering/service-kit';

type Counts = {
  total: number;
  sent: number;
  bounced: number;
  failed: number;
  pending: number;
  opened: number;
  clicked: number;
};

/** Per-campaign counts from the recipient rows: the one source of delivery stats and progress. */
async function recipientCounts(knex: Knex, campaignIds: string[]): Promise<Map<string, Counts>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await CampaignRecipient.query(knex)
    .whereIn('campaignId', campaignIds)
    .groupBy('campaignId')
    .select('campaignId')
    .select(knex.raw('count(*)::int as total'))
    .select(knex.raw(`count(*) filter (where status = 'sent')::int as sent`))
    .select(knex.raw(`count(*) filter (where status = 'bounced')::int as bounced`))
    .select(knex.raw(`count(*) filter (where status = 'failed')::int as failed`))
    .select(knex.raw(`count(*) filter (where status = 'pending')::int as pending`))
    .select(knex.raw('count(opened_at)::int as opened'))
    .select(knex.raw('count(clicked_at)::int as clicked'))
    .castTo<(Counts & { campaignId: string })[]>();
  return new Map(rows.map((row) => [row.campaignId, row]));
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toApi(campaign: Campaign, counts: Counts | undefined): CampaignShape {
  const c = counts ?? { total: 0, sent: 0, bounced: 0, failed: 0, pending: 0, opened: 0, clicked: 0 };
  return {
    id: campaign.id,
    subject: campaign.subject,
    content: campaign.content,
    template: campaign.template,
    status: campaign.status,
    recipientType: campaign.recipientType,
    recipientCount: campaign.recipientCount,
    scheduledAt: iso(campaign.scheduledAt),
    sentAt: iso(campaign.sentAt),
    createdAt: iso(campaign.createdAt)!,
    deliveryStats: { delivered: c.sent, opened: c.opened, clicked: c.clicked, bounced: c.bounced },
    progress: { total: c.total, sent: c.sent, failed: c.bounced + c.failed, pending: c.pending },
  };
}

/** Every campaign, newest first, with its delivery stats and sending progress. */
export async function listCampaigns(knex: Knex): Promise<CampaignShape[]> {
  const campaigns = await Campaign.query(knex).modify('newestFirst');
  const counts = await recipientCounts(
    knex,
    campaigns.map((c) => c.id),
  );
  return campaigns.map((c) => toApi(c, counts.get(c.id)));
}

/** One campaign with its stats (404 when unknown). */
export async function getCampaign(knex: Knex, id: string): Promise<CampaignShape> {
  const campaign = await Campaign.query(knex).findById(id);
  if (!campaign) throw new NotFound('Campaign not found');
  return toApi(campaign, (await recipientCounts(knex, [id])).get(id));
}

/**
 * The audience query of a recipient type, one lower-cased address per row, read from the customer
 * summaries the customers screen shows (migration 014). Marketing goes only to people who may get it
 * (POPIA s69): paying customers (soft opt-in, s69(3): a paid order; every mail lets them opt out) and
 * addresses that confirmed the marketing box through the mailed link (double opt-in). So all is paying
 * customers plus confirmed consents (a box ticked on an unpaid order and never confirmed, or an account
 * alone, is not enough: anyone can type any address); active ones have a paid order; VIPs spent more
 * than R2000 on paid orders. Unsubscribed addresses are left out of every audience (resolveRecipients).
 */
function audience(knex: Knex, type: Exclude<RecipientType, 'custom'>) {
  const customers = CustomerSummaryRow.query(knex).select('email');
  if (type === 'active') return customers.where('totalOrders', '>', 0);
  if (type === 'vip') return customers.where('spentCents', '>', VIP_THRESHOLD_RAND * 100);
  return customers
    .where('totalOrders', '>', 0)
    .union(MarketingConsent.query(knex).select('email').whereNotNull('confirmedAt'));
}

/**
 * Turns a campaign's audience into one pending row per address (unsubscribed addresses left out; the
 * unique (campaign, email) key makes this safe to repeat) and records how many there are.
 */
export async function resolveRecipients(trx: Knex.Transaction, campaign: Campaign): Promise<number> {
  const source =
    campaign.recipientType === 'custom'
      ? trx.raw('select distinct lower(e) as email from unnest(?::text[]) as e', [campaign.customRecipients ?? []])
      : audience(trx, campaign.recipientType).toKnexQuery();
  // Insert from a select, which the query builder cannot write with a column list.
  await trx.raw(
    `insert into ?? (campaign_id, email)
     select ?, a.email from (${source.toQuery()}) a
     where a.email is not null and not exists (select 1 from ?? u where u.email = a.email)
     on conflict do nothing`,
    [CampaignRecipient.tableName, campaign.id, Unsubscribe.tableName],
  );
  const count = await CampaignRecipient.query(trx).where('campaignId', campaign.id).resultSize();
  await Campaign.query(trx).findById(campaign.id).patch({ recipientCount: count });
  return count;
}

/**
 * POST /api/admin/send-marketing-campaign: records the campaign and either starts sending now (its
 * recipients resolved at once, the worker queued) or schedules the worker for `scheduledAt`.
 */
export async function createCampaign(
  knex: Knex,
  queue: Queue,
  form: CampaignForm,
  createdBy: string | null,
): Promise<CampaignShape> {
  const scheduledAt = form.scheduledAt ? new Date(form.scheduledAt) : null;
  const campaign = await knex.transaction(async (trx) => {
    const row = await Campaign.query(trx)
      .insert({
        subject: form.subject,
        content: form.content,
        template: form.template,
        recipientType: form.recipientType,
        customRecipients:
          form.recipientType === 'custom' ? splitRecipients(form.customRecipients).map((e) => e.toLowerCase()) : null,
        status: scheduledAt ? 'scheduled' : 'sending',
        scheduledAt,
        // The identity comes from a signed session; a user deleted since simply leaves no author.
        createdBy: createdBy ? User.query(trx).select('id').findById(createdBy) : null,
      })
      .returning('*');
    if (!scheduledAt) await resolveRecipients(trx, row);
    return row;
  });
  if (scheduledAt) await enqueueAt(queue, scheduledAt, JOBS.sendCampaign, { campaignId: campaign.id });
  else await enqueue(queue, JOBS.sendCampaign, { campaignId: campaign.id });
  return getCampaign(knex, campaign.id);
}

/** Cancels a scheduled campaign (back to draft; its queued job then finds nothing to do). */
export async function cancelCampaign(knex: Knex, id: string): Promise<CampaignShape> {
  const changed = await Campaign.query(knex)
    .findById(id)
    .where('status', 'scheduled')
    .patch({ status: 'draft', scheduledAt: null });
  if (!changed) {
    if (!(await Campaign.query(knex).findById(id))) throw new NotFound('Campaign not found');
    throw new Conflict('Only a scheduled campaign can be cancelled');
  }
  return getCampaign(knex, id);
}
