import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import {
  refundRequestAnswerBy,
  type RefundRequestDecision,
  type RefundRequest as RefundRequestShape,
} from '@mastering/contracts';
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

  /** When the answer is due: one working day after the request. */
  answerBy(): Date {
    return refundRequestAnswerBy(new Date(this.createdAt));
  }

  /** The one API shape as of `now` (overdue: still open past its answer time; the order must be loaded for the address). */
  toApi(now: Date = new Date()): RefundRequestShape {
    const answerBy = this.answerBy();
    return {
      id: this.id,
      orderId: this.orderId,
      customerEmail: this.order?.customerEmail ?? '',
      message: this.message,
      decision: this.decision ?? null,
      answer: this.answer,
      answeredAt: this.answeredAt ? new Date(this.answeredAt).toISOString() : null,
      createdAt: new Date(this.createdAt).toISOString(),
      answerBy: answerBy.toISOString(),
      overdue: !this.answeredAt && answerBy <= now,
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
      open: (b) => b.whereNull('answeredAt'),
      answered: (b) => b.whereNotNull('answeredAt'),
      forStaff: (b) =>
        b.orderByRaw('answered_at is not null, case when answered_at is null then created_at end asc, created_at desc'),
    };
  }
}
