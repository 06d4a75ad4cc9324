import type { RelationMappings } from 'objection';
import type { MessageType } from '@mastering/contracts';
import { BaseModel } from './base';
import { User } from './user';

/** A message staff sent a customer from the customers screen: its type, subject, sender and queued mail job. */
export class CustomerMessage extends BaseModel {
  static tableName = 'customer_messages';

  declare id: string;
  declare customerEmail: string;
  declare messageType: MessageType;
  declare subject: string;
  declare sentBy: string | null;
  /** The queued email.send job, so the message can be found in the outbox (email_messages.jobId). */
  declare jobId: string | null;
  declare createdAt: Date;

  declare sender?: User | null;

  static get relationMappings(): RelationMappings {
    return {
      sender: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'customer_messages.sentBy', to: 'users.id' },
      },
    };
  }
}
