// Status values stored by the database that no request or response carries, so they live here
// rather than in @mastering/contracts. Everything the API exposes comes from the contracts.

/** Delivery state of one address in a marketing campaign; `pending` rows are what a resumed send still owes. */
export const CAMPAIGN_RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'bounced'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];
