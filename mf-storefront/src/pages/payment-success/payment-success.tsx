import { DELIVERY_HOURS, SCREEN_TITLES } from '@mastering/contracts';
import { buttonVariants, cn } from '@mastering/ui/core';
import { CircleCheck, Headphones, Mail, Send, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ContactSupport, LaunchBanner, OrderDetails, useOutcomeOrder } from '../../components/payment-outcome';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';

const NEXT_STEPS = [
  { title: 'Processing begins', text: 'Your files are checked and queued for an engineer right away.', icon: Sparkles },
  {
    title: 'Quality mastering',
    text: 'A human engineer masters every track for loudness, clarity and balance.',
    icon: Headphones,
  },
  { title: 'Delivery by email', text: `Your masters arrive by email within ${DELIVERY_HOURS} hours.`, icon: Send },
];

/** Payment Successful!: the order's details, the three next steps, the confirmation-email note, the launch special and the way on. */
export default function PaymentSuccessPage() {
  const { orderId, order, orderPageUrl, isLoading } = useOutcomeOrder();
  return (
    <OutcomeFrame
      testId="page-payment-success"
      icon={CircleCheck}
      tone="success"
      title={SCREEN_TITLES['payment-success']}
      lead="Thank you! Your payment went through and your order is confirmed."
    >
      <OrderDetails orderId={orderId} order={order} isLoading={isLoading} totalLabel="Total paid" />
      <OutcomeCard title="What happens next" testId="next-steps">
        <ol className="space-y-3">
          {NEXT_STEPS.map(({ title, text, icon: Icon }, i) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
                <Icon className="size-4" aria-hidden />
              </span>
              <div>
                <p className="font-medium">
                  {i + 1}. {title}
                </p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </OutcomeCard>
      <p
        className="flex items-center justify-center gap-2 text-center text-sm text-muted-foreground"
        data-testid="confirmation-note"
      >
        <Mail className="size-4 shrink-0" aria-hidden />A confirmation email with your receipt is on its way
        {order ? ` to ${order.customerEmail}` : ''}.
      </p>
      <LaunchBanner />
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className={cn(buttonVariants({ variant: 'brand', size: 'lg' }))} data-testid="master-more">
          Master More Tracks
        </Link>
        {orderPageUrl && (
          <Link
            to={orderPageUrl}
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
            data-testid="view-order"
          >
            View your order
          </Link>
        )}
        <ContactSupport orderId={orderId} />
      </div>
    </OutcomeFrame>
  );
}
