import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { OrderStatus, OrderStatusChange } from '@mastering/contracts';
import { BaseModel } from './base';
import { User } from './user';

/** One change of an order's status: from, to, who made it and why (analytics reads it too). */
export class OrderStatusHistory extends BaseModel {
  static tableName = 'order_status_history';

  declare id: string;
  declare orderId: string;
  declare fromStatus: OrderStatus | null;
  declare toStatus: OrderStatus;
  declare changedBy: string | null;
  declare note: string | null;
  declare createdAt: Date;

  declare changer?: User | null;

  /** The one API shape of a history row; `changedBy` is the staff member's email (null: the system). */
  toApi(): OrderStatusChange {
    return {
      id: this.id,
      fromStatus: this.fromStatus,
      toStatus: this.toStatus,
      changedBy: this.changer?.email ?? null,
      note: this.note,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      changer: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'order_status_history.changedBy', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<OrderStatusHistory>> {
    return {
      newestFirst: (builder) => builder.orderBy('order_status_history.createdAt', 'desc'),
    };
  }
}
