import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { EmailMessageStatus } from '@mastering/contracts';
import { BaseModel, newestFirst, withStatus } from './base';
import { Campaign } from './campaign';
import { Order } from './order';

/** Outbox and log entry of one email: recorded before sending, so SMTP downtime loses nothing. */
export class EmailMessage extends BaseModel {
  static tableName = 'email_messages';

  declare id: string;
  /** The queue job that owns this message, so a retried job reuses the row. */
  declare jobId: string | null;
  declare toEmail: string;
  declare fromEmail: string;
  declare subject: string;
  declare html: string | null;
  declare text: string | null;
  declare template: string | null;
  declare status: EmailMessageStatus;
  declare attempts: number;
  declare lastError: string | null;
  declare providerMessageId: string | null;
  declare campaignId: string | null;
  declare orderId: string | null;
  declare nextAttemptAt: Date | null;
  declare sentAt: Date | null;
  /** The run sending it now (see `claimedUntil`). */
  declare claimedBy: string | null;
  /** When the sending run's claim lapses: a worker that died mid-send leaves a claim another worker may take after this. */
  declare claimedUntil: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare campaign?: Campaign | null;
  declare order?: Order | null;

  static get relationMappings(): RelationMappings {
    return {
      campaign: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Campaign,
        join: { from: 'email_messages.campaignId', to: 'campaigns.id' },
      },
      order: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Order,
        join: { from: 'email_messages.orderId', to: 'orders.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<EmailMessage>> {
    return {
      withStatus: withStatus('email_messages.status'),
      newestFirst: newestFirst('email_messages.createdAt'),
      /** Messages waiting to be (re)tried now. */
      due: (builder) =>
        builder
          .whereIn('email_messages.status', ['queued', 'failed'])
          .where((q) =>
            q.whereNull('email_messages.nextAttemptAt').orWhere('email_messages.nextAttemptAt', '<=', new Date()),
          ),
    };
  }
}
