import {
  REDIRECTING_TO_YOCO,
  RETURN_FOR_CONFIRMATION,
  type CreateOrderBody,
  type SiteConfig,
} from '@mastering/contracts';
import { Button, Dialog } from '@mastering/ui';
import { Lock } from 'lucide-react';
import { useRef } from 'react';
import { createOrder } from '../../api/orders';
import { usePayOrder } from '../../api/payments';
import { OrderSummary, rand } from './order-summary';

/**
 * The secure payment modal: the order summary and the pay button, which creates the order (once),
 * starts a Yoco checkout and redirects; while working it reads 'Redirecting to Yoco...' and is disabled.
 */
export function PaymentDialog({
  order,
  config,
  onClose,
}: {
  order: CreateOrderBody;
  config: SiteConfig;
  onClose: () => void;
}) {
  const { pay, working } = usePayOrder();
  // A checkout that fails after the order exists is retried for the same order, not a new one.
  const orderId = useRef<string | null>(null);
  const start = () =>
    pay(async () => {
      orderId.current ??= (await createOrder(order)).order.id;
      return orderId.current;
    });
  return (
    <Dialog
      open
      onClose={working ? () => undefined : onClose}
      title="Secure payment"
      description={`Paying for ${order.files.length} track${order.files.length === 1 ? '' : 's'} for ${order.customerEmail}`}
      data-testid="payment-dialog"
    >
      <div className="space-y-4">
        <OrderSummary trackCount={order.files.length} config={config} />
        <Button
          variant="brand"
          size="lg"
          className="w-full"
          disabled={working}
          onClick={start}
          data-testid="pay-button"
        >
          <Lock aria-hidden />
          {working ? REDIRECTING_TO_YOCO : `Pay ${rand(order.pricing.total)} with Yoco`}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{RETURN_FOR_CONFIRMATION}</p>
      </div>
    </Dialog>
  );
}
