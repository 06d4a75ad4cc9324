import { humanizeStatus, type OrderStatus } from '@mastering/contracts';
import { Badge, type BadgeProps } from '@mastering/ui';
import { CircleCheck, CircleX, Clock, TriangleExclamationPoint, type LucideIcon } from 'lucide-react';

type OrderBadge = { variant: NonNullable<BadgeProps['variant']>; icon: LucideIcon; tone: string };

// The spec keys the check badge on `completed`, which is not an order status: an order's finished
// state is `delivered`, so that is the green success badge. Work under way gets the clock (a revision
// is the engineer's work again; a pending refund waits on Yoco, not the customer); an order nobody
// will work on is closed (cross); anything else, waiting on the customer, keeps the warning.
const SUCCESS: OrderBadge = { variant: 'success', icon: CircleCheck, tone: 'success' };
const UNDER_WAY: OrderBadge = { variant: 'secondary', icon: Clock, tone: 'under-way' };
const CLOSED: OrderBadge = { variant: 'outline', icon: CircleX, tone: 'closed' };
const WARNING: OrderBadge = { variant: 'outline', icon: TriangleExclamationPoint, tone: 'warning' };
const ORDER_BADGES: Partial<Record<OrderStatus | 'completed', OrderBadge>> = {
  delivered: SUCCESS,
  completed: SUCCESS,
  payment_confirmed: UNDER_WAY,
  in_progress: UNDER_WAY,
  mastered: UNDER_WAY,
  revision_requested: UNDER_WAY,
  refund_pending: UNDER_WAY,
  cancelled: CLOSED,
  refunded: CLOSED,
  expired: CLOSED,
};

/** How an order status is badged on every screen (a status not listed gets the warning). */
export function orderBadge(status: string): OrderBadge {
  return ORDER_BADGES[status as OrderStatus] ?? WARNING;
}

/** An order's status badge: Delivered green with a check, work under way with a clock, waiting with a warning. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { variant, icon: Icon, tone } = orderBadge(status);
  return (
    <Badge variant={variant} className="capitalize" data-tone={tone}>
      <Icon aria-hidden />
      {humanizeStatus(status)}
    </Badge>
  );
}
