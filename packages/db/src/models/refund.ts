import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { OrderStatus, Refund as RefundShape, RefundStatus } from '@mastering/contracts';
import { BaseModel, newestFirst } from './base';
import { Order } from './order';
import { Payment } from './payment';
import { User } from './user';

/** A refund staff issued through Yoco for (part of) an order's payment; amounts in cents. */
export class Refund extends BaseModel {
  static tableName = 'refunds';

  declare id: string;
  declare orderId: string;
  declare paymentId: string;
  declare amountCents: number;
  declare currency: string;
  declare reason: string;
  declare status: RefundStatus;
  /** Sent to Yoco with the refund call: a retried call is the same refund. */
  declare idempotencyKey: string;
  declare providerRefundId: string | null;
  declare failureReason: string | null;
  /** Where the order returns when this refund is partial or fails. */
  declare returnStatus: OrderStatus;
  declare requestedBy: string | null;
  declare createdAt: Date;
  declare processedAt: Date | null;

  declare order?: Order;
  declare payment?: Payment;
  declare requester?: User | null;

  /** The one API shape of a refund (rand; `requestedBy` is the staff member's email when loaded). */
  toApi(): RefundShape {
    return {
      id: this.id,
      orderId: this.orderId,
      amount: this.amountCents / 100,
      currency: this.currency,
      reason: this.reason,
      status: this.status,
      failureReason: this.failureReason,
      requestedBy: this.requester?.email ?? null,
      createdAt: new Date(this.createdAt).toISOString(),
      processedAt: this.processedAt ? new Date(this.processedAt).toISOString() : null,
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      order: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Order,
        join: { from: 'refunds.orderId', to: 'orders.id' },
      },
      payment: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Payment,
        join: { from: 'refunds.paymentId', to: 'payments.id' },
      },
      requester: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'refunds.requestedBy', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Refund>> {
    return { newestFirst: newestFirst('refunds.createdAt') };
  }

  /** Cents of `status` refunds per payment of the given payments (a payment without any is absent). */
  static async sumsByPayment(
    knex: Parameters<typeof Refund.query>[0],
    paymentIds: readonly string[],
    status: RefundStatus,
  ): Promise<Map<string, number>> {
    if (paymentIds.length === 0) return new Map();
    const rows = (await Refund.query(knex)
      .select('paymentId')
      .sum('amountCents as cents')
      .whereIn('paymentId', paymentIds)
      .where('status', status)
      .groupBy('paymentId')) as unknown as { paymentId: string; cents: string }[];
    return new Map(rows.map((r) => [r.paymentId, Number(r.cents)]));
  }
}
