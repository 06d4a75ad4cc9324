import { SCREEN_TITLES } from '@mastering/contracts';
import { PaymentOutcome } from '../../components/payment-outcome';

/** Payment Successful!: the order details and next steps come in a later release. */
export default function PaymentSuccessPage() {
  return (
    <PaymentOutcome
      testId="page-payment-success"
      title={SCREEN_TITLES['payment-success']}
      description="Your order details and what happens next will be shown here in a later release."
    />
  );
}
