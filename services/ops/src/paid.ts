import { PAID_ORDER_STATUSES, type OrderStatus } from '@mastering/contracts';

/** Orders that brought money in: the open paid ones and the delivered (the dashboard, customers and analytics agree on it). */
export const PAID_STATUSES: OrderStatus[] = [...PAID_ORDER_STATUSES];
