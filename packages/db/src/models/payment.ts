import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { PaymentAttention, PaymentStatus } from '@mastering/contracts';
import { BaseModel, newestFirst, since, withStatus } from './base';
import { Order } from './order';
import { PaymentEvent } from './payment-event';

/** A Yoco checkout for an order and what became of it; amounts in cents. */
export class Payment extends BaseModel {
  static tableName = 'payments';

  declare id: string;
  declare orderId: string;
  declare provider: string;
  declare checkoutId: string;
  /** The provider's payment id, known once the webhook confirms the payment. */
  declare paymentId: string | null;
  declare amountCents: number;
  declare currency: string;
  declare paymentMethod: string;
  declare status: PaymentStatus;
  declare failureReason: string | null;
  declare processedAt: Date | null;
  /** Why staff must look at it (a payment for a cancelled or already paid order), else null. */
  declare attention: PaymentAttention | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare order?: Order;
  declare events?: PaymentEvent[];

  static get relationMappings(): RelationMappings {
    return {
      order: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Order,
        join: { from: 'payments.orderId', to: 'orders.id' },
      },
      events: {
        relation: BaseModel.HasManyRelation,
        modelClass: PaymentEvent,
        join: { from: 'payments.id', to: 'payment_events.paymentId' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Payment>> {
    return {
      withStatus: withStatus('payments.status'),
      since: since('payments.createdAt'),
      newestFirst: newestFirst('payments.createdAt'),
    };
  }
}
