import { SCREEN_TITLES } from '@mastering/contracts';
import { buttonVariants, cn } from '@mastering/ui/core';
import { CircleSlash } from 'lucide-react';
import { Link } from 'react-router-dom';
import {
  ContactSupport,
  LaunchBanner,
  OrderDetails,
  RetryPayment,
  useOutcomeOrder,
} from '../../components/payment-outcome';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';

/** Payment Cancelled: no charge, the order still pending payment, the options to go on, and Try Again. */
export default function PaymentCancelledPage() {
  const { orderId, order, isLoading } = useOutcomeOrder();
  return (
    <OutcomeFrame
      testId="page-payment-cancelled"
      icon={CircleSlash}
      tone="warning"
      title={SCREEN_TITLES['payment-cancelled']}
      lead="You cancelled the payment. No charge was made."
    >
      <OrderDetails orderId={orderId} order={order} isLoading={isLoading} totalLabel="Total due" />
      <OutcomeCard title="Your order is still pending payment" testId="cancel-options">
        <p className="mb-3 text-sm text-muted-foreground">We kept your order and files. You can:</p>
        <ul className="list-disc space-y-1.5 pl-5 text-sm">
          <li>Retry the payment for this same order</li>
          <li>Upload your tracks again and start a new order</li>
          <li>Contact support if something went wrong</li>
        </ul>
      </OutcomeCard>
      <LaunchBanner />
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <RetryPayment label="Try Again" orderId={orderId} order={order} />
        <Link to="/upload" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))} data-testid="re-upload">
          Upload again
        </Link>
        <ContactSupport orderId={orderId} />
      </div>
    </OutcomeFrame>
  );
}
