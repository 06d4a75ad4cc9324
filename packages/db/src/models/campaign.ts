import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { CampaignStatus, CampaignTemplate, RecipientType } from '@mastering/contracts';
import { BaseModel, newestFirst, withStatus } from './base';
import { CampaignRecipient } from './campaign-recipient';
import { EmailMessage } from './email-message';
import { User } from './user';

/** A marketing email sent (or scheduled) to an audience, with its delivery counters. */
export class Campaign extends BaseModel {
  static tableName = 'campaigns';
  static jsonAttributes = ['customRecipients'];

  declare id: string;
  declare subject: string;
  declare content: string;
  declare template: CampaignTemplate;
  declare status: CampaignStatus;
  declare recipientType: RecipientType;
  declare customRecipients: string[] | null;
  declare recipientCount: number;
  declare scheduledAt: Date | null;
  declare sentAt: Date | null;
  declare deliveredCount: number;
  declare openedCount: number;
  declare clickedCount: number;
  declare bouncedCount: number;
  declare createdBy: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare recipients?: CampaignRecipient[];
  declare messages?: EmailMessage[];
  declare creator?: User | null;

  static get relationMappings(): RelationMappings {
    return {
      recipients: {
        relation: BaseModel.HasManyRelation,
        modelClass: CampaignRecipient,
        join: { from: 'campaigns.id', to: 'campaign_recipients.campaignId' },
      },
      messages: {
        relation: BaseModel.HasManyRelation,
        modelClass: EmailMessage,
        join: { from: 'campaigns.id', to: 'email_messages.campaignId' },
      },
      creator: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'campaigns.createdBy', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Campaign>> {
    return {
      withStatus: withStatus('campaigns.status'),
      newestFirst: newestFirst('campaigns.createdAt'),
      /** Scheduled campaigns whose time has come. */
      due: (builder) => builder.where('campaigns.status', 'scheduled').where('campaigns.scheduledAt', '<=', new Date()),
    };
  }
}
