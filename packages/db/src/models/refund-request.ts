import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { RefundRequestDecision, RefundRequest as RefundRequestShape } from '@mastering/contracts';
import { BaseModel } from './base';
import { Order } from './order';

/** A customer's "Not happy?" request from the order page: staff answer it (never an automatic refund). */
export class RefundRequest extends BaseModel {
  static tableName = 'refund_requests';

  declare id: string;
  declare orderId: string;
  declare message: string;
  declare decision: RefundRequestDecision | null;
  declare answer: string | null;
  declare answeredBy: string | null;
  declare answeredAt: Date | null;
  declare createdAt: Date;

  declare order?: Order;

  /** The one API shape (the order must be loaded for the customer's address). */
  toApi(): RefundRequestShape {
    return {
      id: this.id,
      orderId: this.orderId,
      customerEmail: this.order?.customerEmail ?? '',
      message: this.message,
      decision: this.decision ?? null,
      answer: this.answer,
      answeredAt: this.answeredAt ? new Date(this.answeredAt).toISOString() : null,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      order: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Order,
        join: { from: 'refund_requests.orderId', to: 'orders.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<RefundRequest>> {
    // Unanswered first (oldest first: the longest waiting), then the answered, newest first.
    return {
      forStaff: (b) =>
        b.orderByRaw('answered_at is not null, case when answered_at is null then created_at end asc, created_at desc'),
    };
  }
}
