import { z } from 'zod';
import { REFUND_STATUSES } from './order-page';

// A file of its own so the order page's view (customer-orders) can name a refund's status without
// importing refunds, which imports customer-orders.

export const RefundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatus>;
