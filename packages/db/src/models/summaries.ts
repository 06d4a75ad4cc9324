import type { Knex } from 'knex';
import type { FileStatus, MasteringStyle, OrderStatus, PaymentStatus } from '@mastering/contracts';
import { BaseModel } from './base';

// Summaries the back-office screens read instead of aggregating every row per request. Triggers keep
// them exact (migrations 014, 015, 031 and 032): they are read-only for every service, never written by a query.

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

const DAY_MS = 86_400_000;

/** Payments and their amount per UTC day of creation and payment status (migration 031). */
export class PaymentDayStat extends BaseModel {
  static tableName = 'payment_day_stats';
  static idColumn = ['day', 'status'];

  declare day: string;
  declare status: PaymentStatus;
  declare payments: number;
  declare amountCents: number | string;

  /**
   * Payments created at or after `from`, per status: their count and amount in cents. The whole UTC
   * days come from the day figures, the part day at the start from the payments themselves (an index
   * range), so the answer equals counting every payment and reads at most one row per day and status.
   */
  static async totalsSince(
    knex: Knex,
    from: Date,
  ): Promise<{ status: PaymentStatus; payments: number; amountCents: number }[]> {
    const fullFrom = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
    const rows = (await knex.raw(
      `select d.status, sum(d.payments)::int as payments, sum(d.amount_cents)::bigint as amount_cents
         from (select status, payments::bigint as payments, amount_cents from payment_day_stats where day >= ?::date
               union all
               select status, count(*), sum(amount_cents) from payments where created_at >= ? and created_at < ? group by status) d
        group by d.status`,
      [fullFrom.toISOString().slice(0, 10), from, fullFrom],
    )) as { rows: { status: PaymentStatus; payments: number; amount_cents: string }[] };
    return rows.rows.map((r) => ({ status: r.status, payments: r.payments, amountCents: Number(r.amount_cents) }));
  }
}
