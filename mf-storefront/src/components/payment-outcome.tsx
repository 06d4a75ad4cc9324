import { formatBytes, specialPriceLine, REDIRECTING_TO_YOCO, type PublicOrder } from '@mastering/contracts';
import { Button, buttonVariants, cn, Skeleton } from '@mastering/ui/core';
import { Mail, Sparkles } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useOrder } from '../api/orders';
import { usePayOrder } from '../api/payments';
import { useSiteConfig, useStudio } from '../api/site-config';
import { rand } from '../pages/upload/order-summary';
import { OutcomeCard } from './outcome-frame';

/** The order named by `?orderId=` on an outcome page; a failed read is only logged (spec §8). */
export function useOutcomeOrder() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const query = useOrder(orderId);
  useEffect(() => {
    if (query.error) console.error(query.error);
  }, [query.error]);
  return { orderId, order: query.data?.order, orderPageUrl: query.data?.orderPageUrl, isLoading: query.isLoading };
}

/** The order's details: id, email, files (name and size), total (labelled `totalLabel`). */
export function OrderDetails({
  orderId,
  order,
  isLoading,
  totalLabel,
}: {
  orderId: string | null;
  order: PublicOrder | undefined;
  isLoading: boolean;
  totalLabel: string;
}) {
  if (!orderId) return null;
  if (isLoading) return <Skeleton className="h-40 w-full rounded-xl" />;
  const row = (label: string, value: ReactNode, testId: string) => (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium break-all" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <OutcomeCard title="Order details" testId="order-details">
      <dl className="divide-y divide-border text-sm">
        {row('Order ID', <span className="font-mono text-xs">{orderId}</span>, 'order-id')}
        {order && row('Email', order.customerEmail, 'order-email')}
        {order && row('Files', String(order.files.length), 'order-file-count')}
        {order && row(totalLabel, rand(order.total), 'order-total')}
      </dl>
      {order && order.files.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Files">
          {order.files.map((file) => (
            <li key={file.id} className="flex justify-between gap-3 rounded-md bg-muted/50 px-3 py-1.5">
              <span className="truncate">{file.originalName}</span>
              <span className="shrink-0 text-muted-foreground">{formatBytes(file.fileSize)}</span>
            </li>
          ))}
        </ul>
      )}
    </OutcomeCard>
  );
}

/** The launch special banner of the outcome pages: the real special price per track, only while a discount is on. */
export function LaunchBanner() {
  const config = useSiteConfig().data;
  if (!config?.launchSpecial) return null;
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/15 to-brand-2/15 px-4 py-3 text-center text-sm font-medium"
      data-testid="launch-banner"
    >
      <Sparkles className="size-4 shrink-0 text-primary" aria-hidden />
      Launch Special: {specialPriceLine(config)}
    </p>
  );
}

/** The Contact Support mail link. */
export function ContactSupport({ orderId }: { orderId: string | null }) {
  const { supportEmail } = useStudio();
  const subject = encodeURIComponent(orderId ? `Order ${orderId}` : 'Mastering order');
  return (
    <a
      href={`mailto:${supportEmail}?subject=${subject}`}
      className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}
      data-testid="contact-support"
    >
      <Mail aria-hidden />
      Contact Support
    </a>
  );
}

/**
 * The retry of a failed or cancelled payment: a new checkout for the same unpaid order when the page
 * knows it, else back to the home page to start again.
 */
export function RetryPayment({
  label,
  orderId,
  order,
}: {
  label: string;
  orderId: string | null;
  order: PublicOrder | undefined;
}) {
  const { pay, working } = usePayOrder();
  if (!orderId || (order && order.status !== 'pending_payment'))
    return (
      <Link to="/" className={cn(buttonVariants({ variant: 'brand', size: 'lg' }))} data-testid="retry-payment">
        {label}
      </Link>
    );
  return (
    <Button variant="brand" size="lg" disabled={working} onClick={() => pay(orderId)} data-testid="retry-payment">
      {working ? REDIRECTING_TO_YOCO : label}
    </Button>
  );
}
