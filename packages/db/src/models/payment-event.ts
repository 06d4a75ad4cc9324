import type { RelationMappings } from 'objection';
import { BaseModel } from './base';
import { Payment } from './payment';

/** One received payment webhook, kept verbatim; its unique event id makes processing idempotent. */
export class PaymentEvent extends BaseModel {
  static tableName = 'payment_events';
  static jsonAttributes = ['payload'];

  declare id: string;
  declare eventId: string;
  declare type: string;
  declare payload: Record<string, unknown>;
  declare paymentId: string | null;
  declare receivedAt: Date;
  declare processedAt: Date | null;

  declare payment?: Payment | null;

  static get relationMappings(): RelationMappings {
    return {
      payment: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Payment,
        join: { from: 'payment_events.paymentId', to: 'payments.id' },
      },
    };
  }
}
