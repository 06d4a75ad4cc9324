import {
  NEEDS_ATTENTION,
  PAYMENT_ATTENTION_TEXTS,
  PAYMENT_STATUS_LABELS,
  ROLE_LABELS,
  type CustomerStatus,
  type PaymentAttention,
  type PaymentStatus,
  type Role,
} from '@mastering/contracts';
import { Badge, type BadgeProps } from '@mastering/ui';
import { Crown, TriangleAlert } from 'lucide-react';

// The shared warning badge is too faint on the light theme for small text; ours keeps 4.5:1 in both themes.
const AMBER = 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300';
const CUSTOMER_VARIANT: Record<CustomerStatus, BadgeProps['variant']> = {
  vip: 'outline',
  active: 'success',
  inactive: 'outline',
};
const CUSTOMER_LABEL: Record<CustomerStatus, string> = { vip: 'VIP', active: 'Active', inactive: 'Inactive' };

/** A customer's derived status (VIP, Active, Inactive). */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge
      variant={CUSTOMER_VARIANT[status]}
      className={status === 'vip' ? AMBER : undefined}
      data-testid="customer-status"
    >
      {status === 'vip' && <Crown aria-hidden />}
      {CUSTOMER_LABEL[status]}
    </Badge>
  );
}

const PAYMENT_VARIANT: Record<PaymentStatus, BadgeProps['variant']> = {
  succeeded: 'success',
  pending: 'outline',
  failed: 'destructive',
  cancelled: 'outline',
  refunded: 'secondary',
};

/** A payment's status, succeeded shown as Successful. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={PAYMENT_VARIANT[status]} className={status === 'pending' ? AMBER : undefined}>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "Needs attention" on a payment staff must look at (paid for a cancelled or already paid order); the reason is its title. */
export function PaymentAttentionBadge({ attention }: { attention: PaymentAttention | null }) {
  if (!attention) return null;
  return (
    <Badge variant="destructive" title={PAYMENT_ATTENTION_TEXTS[attention]} data-testid="payment-attention">
      <TriangleAlert aria-hidden />
      {NEEDS_ATTENTION}
    </Badge>
  );
}

/** A user's role (admin shown as Administrator). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={role === 'admin' ? 'default' : role === 'engineer' ? 'secondary' : 'outline'}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}

/** A user's Active / Inactive status. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'outline'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
