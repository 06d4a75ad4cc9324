import { SCREEN_TITLES } from '@mastering/contracts';
import { PaymentOutcome } from '../../components/payment-outcome';

/** Payment Cancelled: the retry options come in a later release. */
export default function PaymentCancelledPage() {
  return (
    <PaymentOutcome
      testId="page-payment-cancelled"
      title={SCREEN_TITLES['payment-cancelled']}
      description="No charge was made. The options to retry your order will be shown here in a later release."
    />
  );
}
