import type { OrderStatus } from '@mastering/contracts';

/** Orders that brought money in: paid and not cancelled (the dashboard, customers and analytics agree on it). */
export const PAID_STATUSES: OrderStatus[] = ['payment_confirmed', 'in_progress', 'mastered', 'delivered'];
