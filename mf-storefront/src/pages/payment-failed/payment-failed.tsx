import { SCREEN_TITLES } from '@mastering/contracts';
import { CircleX } from 'lucide-react';
import {
  ContactSupport,
  LaunchBanner,
  OrderDetails,
  RetryPayment,
  useOutcomeOrder,
} from '../../components/payment-outcome';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';

const REASONS = [
  'Insufficient funds on the card',
  'The card was declined by your bank',
  'Incorrect card details or an expired card',
  '3-D Secure verification was not completed',
  'A network problem interrupted the payment',
];
const TIPS = [
  'Check your card details and expiry date',
  'Make sure online payments are enabled on your card',
  'Try another card, or contact your bank',
];

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Payment Failed: no charge, the order saved for retry, common reasons, tips, and Try Payment Again. */
export default function PaymentFailedPage() {
  const { orderId, order, isLoading } = useOutcomeOrder();
  return (
    <OutcomeFrame
      testId="page-payment-failed"
      icon={CircleX}
      tone="destructive"
      title={SCREEN_TITLES['payment-failed']}
      lead="The payment did not go through. No charge was made, and your order is saved so you can try again."
    >
      <OrderDetails orderId={orderId} order={order} isLoading={isLoading} totalLabel="Total due" />
      <div className="grid gap-4 sm:grid-cols-2">
        <OutcomeCard title="Common reasons" testId="failure-reasons">
          <BulletList items={REASONS} />
        </OutcomeCard>
        <OutcomeCard title="Tips" testId="failure-tips">
          <BulletList items={TIPS} />
        </OutcomeCard>
      </div>
      <LaunchBanner />
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <RetryPayment label="Try Payment Again" orderId={orderId} order={order} />
        <ContactSupport orderId={orderId} />
      </div>
    </OutcomeFrame>
  );
}
