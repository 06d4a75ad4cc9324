import { z } from 'zod';

// A file of its own so the order page's view (customer-orders) can name a refund's status without
// importing refunds, which imports customer-orders.

/** A refund's life: pending until Yoco's webhook says it succeeded or failed. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const RefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatus>;
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};
