import { SCREEN_TITLES } from '@mastering/contracts';
import { PaymentOutcome } from '../../components/payment-outcome';

/** Payment Failed: reasons and tips come in a later release. */
export default function PaymentFailedPage() {
  return (
    <PaymentOutcome
      testId="page-payment-failed"
      title={SCREEN_TITLES['payment-failed']}
      description="No charge was made. Common reasons and how to try again will be shown here in a later release."
    />
  );
}
