import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { OrderStatus, Refund as RefundShape, RefundStatus } from '@mastering/contracts';
import { BaseModel, newestFirst } from './base';
import { Invoice } from './invoice';
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
  /** The credit note issued when it succeeded, when fetched (`withGraphFetched('creditNote')`). */
  declare creditNote?: Invoice | null;

  /**
   * The one API shape of a refund (rand; `requestedBy` is the staff member's email and `creditNote` its
   * credit note when loaded).
   */
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
      creditNote: this.creditNote ? { id: this.creditNote.id, number: this.creditNote.number } : null,
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
      creditNote: {
        relation: BaseModel.HasOneRelation,
        modelClass: Invoice,
        join: { from: 'refunds.id', to: 'invoices.refundId' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Refund>> {
    return { newestFirst: newestFirst('refunds.createdAt') };
  }

  /**
   * SQL of the cents refunded (succeeded) whose `column` matches the outer query's `outer` column: what a
   * revenue figure nets out. A partial refund leaves a payment `succeeded` and its order paid, so every
   * revenue sum subtracts this; a full refund leaves both `refunded`, outside those sums already.
   */
  static succeededCentsSql(column: 'payment_id' | 'order_id', outer: string): string {
    return `coalesce((select sum(r.amount_cents) from refunds r where r.${column} = ${outer} and r.status = 'succeeded'), 0)`;
  }

  /**
   * SQL of a derived table `refunded (payment_id, cents)`: the succeeded refund cents of each payment
   * that has any. A sum over many payments left-joins it (one pass over the few refunds) instead of
   * running succeededCentsSql once per payment, which cost a year's payment figures 80,000 subqueries.
   */
  static succeededCentsPerPaymentSql(): string {
    return `(select payment_id, sum(amount_cents) as cents from refunds where status = 'succeeded' group by payment_id) as refunded`;
  }

  /**
   * Cents refunded (succeeded) of the payments still `succeeded` that were created at or after `from`:
   * what the payments screen nets out of its revenue (read from the few refunds, not the payments).
   */
  static async succeededCentsOfPaymentsSince(knex: Parameters<typeof Refund.query>[0], from: Date): Promise<number> {
    const [row] = (await Refund.query(knex)
      .join('payments', 'payments.id', 'refunds.paymentId')
      .where('refunds.status', 'succeeded')
      .where('payments.status', 'succeeded')
      .where('payments.createdAt', '>=', from)
      .select(Refund.raw('coalesce(sum(refunds.amount_cents), 0)::bigint as cents'))) as unknown as { cents: string }[];
    return Number(row?.cents ?? 0);
  }

  /**
   * Cents refunded (succeeded) of the orders now in one of `statuses`, optionally only those placed in
   * [from, to): the dashboard and analytics net them out of revenue.
   */
  static async succeededCentsOfOrdersIn(
    knex: Parameters<typeof Refund.query>[0],
    statuses: readonly OrderStatus[],
    placed?: { from: Date; to: Date },
  ): Promise<number> {
    const query = Order.query(knex)
      .whereIn('orders.status', statuses)
      .whereExists(Refund.query(knex).where('refunds.orderId', Order.ref('orders.id')))
      .select(Order.raw(`coalesce(sum(${Refund.succeededCentsSql('order_id', 'orders.id')}), 0)::bigint as cents`));
    if (placed) query.where('orders.createdAt', '>=', placed.from).where('orders.createdAt', '<', placed.to);
    const [row] = (await query) as unknown as { cents: string }[];
    return Number(row?.cents ?? 0);
  }

  /**
   * Cents refunded (succeeded) of the orders now in one of `statuses` placed in [from, to), per UTC day
   * the order was placed (`YYYY-MM-DD`): the analytics trend nets each period's revenue with them.
   */
  static async succeededCentsByPlacementDay(
    knex: Parameters<typeof Refund.query>[0],
    statuses: readonly OrderStatus[],
    placed: { from: Date; to: Date },
  ): Promise<{ day: string; cents: number }[]> {
    const rows = (await Refund.query(knex)
      .join('orders', 'orders.id', 'refunds.orderId')
      .where('refunds.status', 'succeeded')
      .whereIn('orders.status', statuses)
      .where('orders.createdAt', '>=', placed.from)
      .where('orders.createdAt', '<', placed.to)
      .select(Refund.raw(`to_char((orders.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day`))
      .sum('refunds.amountCents as cents')
      .groupBy('day')
      .orderBy('day')) as unknown as { day: string; cents: string }[];
    return rows.map((r) => ({ day: r.day, cents: Number(r.cents) }));
  }
}
