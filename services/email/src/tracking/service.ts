import type { Knex } from 'knex';
import { CampaignRecipient, MarketingConsent, Unsubscribe } from '@mastering/db';

/** Records an address's opt-out of marketing mail (idempotent). */
export async function unsubscribe(knex: Knex, email: string, reason: string): Promise<void> {
  await Unsubscribe.query(knex).insert({ email: email.toLowerCase(), reason }).onConflict('email').ignore();
}

/** Records the first open of a campaign mail. */
export async function recordOpen(knex: Knex, recipientId: string): Promise<void> {
  await CampaignRecipient.query(knex).findById(recipientId).whereNull('openedAt').patch({ openedAt: new Date() });
}

/** Records the first click of a campaign mail; a click also proves an open (images may be blocked). */
export async function recordClick(knex: Knex, recipientId: string): Promise<void> {
  const now = new Date();
  await CampaignRecipient.query(knex).findById(recipientId).whereNull('clickedAt').patch({ clickedAt: now });
  await recordOpen(knex, recipientId);
}

/**
 * Records that an address confirmed its marketing consent through the mailed link (POPIA s69 double
 * opt-in): from now on campaigns to "all" include it, unless it unsubscribed (an unsubscribe always wins).
 * A repeat keeps the first confirmation time.
 */
export async function confirmConsent(knex: Knex, email: string, now = new Date()): Promise<void> {
  await MarketingConsent.query(knex)
    .insert({ email: email.toLowerCase(), requestedAt: now, confirmedAt: now })
    .onConflict('email')
    .merge({
      confirmedAt: knex.raw('coalesce(??.confirmed_at, excluded.confirmed_at)', [MarketingConsent.tableName]),
    } as never);
}
