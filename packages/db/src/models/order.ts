import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import {
  endingOf,
  ORDER_STATUSES,
  type Order as OrderShape,
  type OrderReleasePack,
  type OrderStatus,
  type RetentionEnding,
} from '@mastering/contracts';
import { BaseModel, newestFirst, since, withStatus } from './base';
import { EmailMessage } from './email-message';
import { OrderFile } from './order-file';
import { OrderStatusHistory } from './order-status-history';
import { Payment } from './payment';
import { User } from './user';

/** An order of one or more tracks, priced in ZAR cents by the server when it is created. */
export class Order extends BaseModel {
  static tableName = 'orders';
  static jsonAttributes = ['releasePack'];

  declare id: string;
  declare customerEmail: string;
  declare userId: string | null;
  declare status: OrderStatus;
  declare unitPriceCents: number;
  declare trackCount: number;
  declare discountPercent: number;
  declare subtotalCents: number;
  declare discountCents: number;
  declare totalCents: number;
  declare currency: string;
  declare notes: string | null;
  declare paidAt: Date | null;
  /** The engineer (or admin) who took the order, if any. */
  declare assignedTo: string | null;
  /** Hash of the guest cookie of the browser that placed the order (null for a signed-in buyer's). */
  declare guestKeyHash: string | null;
  /** The new delivery time an engineer set for a late order (the delayed mail names it), if any. */
  declare expectedAt: Date | null;
  /** The generation of the order's customer links: revoking them moves it on (OrderGrant `v`). */
  declare linkVersion: number;
  /** When the current revision round began (null: the first delivery is the promise). */
  declare roundStartedAt: Date | null;
  /** The order's due time while a promise runs (promiseOf, kept by changeOrderStatus and the expected time); else null. */
  declare dueAt: Date | null;
  /** When the "Order delayed" mail was queued (once per round). */
  declare delayNotifiedAt: Date | null;
  /** When the unpaid order's payment reminder was queued (sent once). */
  declare paymentReminderSentAt: Date | null;
  /** When the "Feedback request" mail was queued (sent once, see order_ratings). */
  declare feedbackRequestedAt: Date | null;
  /** The checkout consent (issue 26): when the terms were agreed, which texts, from which client address. */
  declare termsAcceptedAt: Date | null;
  declare termsTextVersion: string | null;
  declare termsClientAddress: string | null;
  /** The separate marketing box at checkout (POPIA s69). */
  declare marketingConsent: boolean;
  /** The release pack bought (formats at the prices sold), or null; its share of totalCents is releasePackCents. */
  declare releasePack: OrderReleasePack | null;
  declare releasePackCents: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare files?: OrderFile[];
  declare payments?: Payment[];
  declare user?: User | null;
  declare emailMessages?: EmailMessage[];
  declare statusHistory?: OrderStatusHistory[];
  declare assignee?: User | null;

  /** The one API shape of an order: money in whole rand (the database keeps cents), files when loaded. */
  toApi(): OrderShape {
    return {
      id: this.id,
      customerEmail: this.customerEmail,
      status: this.status,
      subtotal: this.subtotalCents / 100,
      discount: this.discountCents / 100,
      total: this.totalCents / 100,
      trackCount: this.trackCount,
      discountPercent: this.discountPercent,
      createdAt: new Date(this.createdAt).toISOString(),
      files: (this.files ?? []).map((file) => file.toApi()),
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      files: {
        relation: BaseModel.HasManyRelation,
        modelClass: OrderFile,
        join: { from: 'orders.id', to: 'order_files.orderId' },
      },
      payments: {
        relation: BaseModel.HasManyRelation,
        modelClass: Payment,
        join: { from: 'orders.id', to: 'payments.orderId' },
      },
      user: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'orders.userId', to: 'users.id' },
      },
      emailMessages: {
        relation: BaseModel.HasManyRelation,
        modelClass: EmailMessage,
        join: { from: 'orders.id', to: 'email_messages.orderId' },
      },
      statusHistory: {
        relation: BaseModel.HasManyRelation,
        modelClass: OrderStatusHistory,
        join: { from: 'orders.id', to: 'order_status_history.orderId' },
      },
      assignee: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'orders.assignedTo', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Order>> {
    return {
      withStatus: withStatus('orders.status'),
      /** Orders placed with this address, however it is capitalised (uses the lower(email) index). */
      forCustomer: (builder, email: string) => builder.whereRaw('lower(orders.customer_email) = lower(?)', [email]),
      since: since('orders.createdAt'),
      newestFirst: newestFirst('orders.createdAt'),
      endedBefore,
    };
  }
}

/**
 * Retention (contracts' retention.ts): orders that reached `ending` (endingOf their status and whether
 * they were paid) before `before`. The order ended at its newest history row into its status (so a
 * revision delivered again restarts the delivered clock); a failed or partial refund that returns an
 * order to Delivered is no delivery and does not. An order without such a row ended when last updated.
 */
function endedBefore(builder: QueryBuilder<Order>, ending: RetentionEnding, before: Date) {
  builder.where((any) => {
    for (const status of ORDER_STATUSES) {
      const paid = [true, false].filter((p) => endingOf(status, p) === ending);
      // Paid or not matters only where it decides the ending (a cancelled order).
      if (paid.length === 2) any.orWhere('orders.status', status);
      else if (paid.length === 1)
        any.orWhere((one) =>
          paid[0]
            ? one.where('orders.status', status).whereNotNull('orders.paidAt')
            : one.where('orders.status', status).whereNull('orders.paidAt'),
        );
    }
  });
  builder.whereRaw(
    `coalesce(
      (select max(h.created_at) from order_status_history h
        where h.order_id = orders.id and h.to_status = orders.status
          and not (h.to_status = 'delivered' and h.from_status = 'refund_pending')),
      orders.updated_at) < ?`,
    [before],
  );
}
