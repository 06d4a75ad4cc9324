import type { FileStatus, MasteringStyle, OrderStatus } from '@mastering/contracts';
import { BaseModel } from './base';

// Summaries the back-office screens read instead of aggregating every row per request. Triggers keep
// them exact (migrations 014 and 015): they are read-only for every service, never written by a query.

/** One customer of the customers screen (lower-cased address): order counts, paid totals, first/last dates. */
export class CustomerSummaryRow extends BaseModel {
  static tableName = 'customer_summaries';
  static idColumn = 'email';

  declare email: string;
  declare accounts: number;
  declare orderCount: number;
  /** Paid orders (what makes a customer active). */
  declare totalOrders: number;
  declare spentCents: number | string;
  declare firstOrder: Date | null;
  declare lastOrder: Date | null;
  declare firstPaid: Date | null;
  declare lastPaid: Date | null;
}

/** The one row of customer totals: the customers screen's cards and filter counts. */
export class CustomerTotals extends BaseModel {
  static tableName = 'customer_totals';

  declare customers: number;
  declare active: number;
  declare vip: number;
  declare revenueCents: number | string;
  declare paidOrders: number | string;
}

/** Orders and their total per UTC day and status (the analytics buckets). */
export class OrderDayStat extends BaseModel {
  static tableName = 'order_day_stats';
  static idColumn = ['day', 'status'];

  declare day: string;
  declare status: OrderStatus;
  declare orders: number;
  declare revenueCents: number | string;
}

/** Orders and their total per order status (the orders list's counters, the dashboard's figures). */
export class OrderStatusTotal extends BaseModel {
  static tableName = 'order_status_totals';
  static idColumn = 'status';

  declare status: OrderStatus;
  declare orders: number | string;
  declare totalCents: number | string;
}

/** Files and their bytes per processing status and mastering style (the audio-files counters). */
export class OrderFileTotal extends BaseModel {
  static tableName = 'order_file_totals';
  static idColumn = ['processingStatus', 'masteringStyle'];

  declare processingStatus: FileStatus;
  declare masteringStyle: MasteringStyle;
  declare files: number | string;
  declare bytes: number | string;
}
