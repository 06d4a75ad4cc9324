import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { CampaignRecipientStatus } from '../enums';
import { BaseModel } from './base';
import { Campaign } from './campaign';
import { EmailMessage } from './email-message';

/** One address a campaign goes to; unique per campaign ignoring case, so nobody gets it twice. */
export class CampaignRecipient extends BaseModel {
  static tableName = 'campaign_recipients';

  declare id: string;
  declare campaignId: string;
  declare email: string;
  declare status: CampaignRecipientStatus;
  declare emailMessageId: string | null;
  declare lastError: string | null;
  declare sentAt: Date | null;
  declare openedAt: Date | null;
  declare clickedAt: Date | null;
  declare createdAt: Date;

  declare campaign?: Campaign;
  declare message?: EmailMessage | null;

  static get relationMappings(): RelationMappings {
    return {
      campaign: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Campaign,
        join: { from: 'campaign_recipients.campaignId', to: 'campaigns.id' },
      },
      message: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: EmailMessage,
        join: { from: 'campaign_recipients.emailMessageId', to: 'email_messages.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<CampaignRecipient>> {
    return {
      /** Addresses still owed the campaign (what a resumed send works through). */
      pending: (builder) => builder.where('campaign_recipients.status', 'pending'),
    };
  }
}
