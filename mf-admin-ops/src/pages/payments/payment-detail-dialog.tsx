import { formatCents, formatOrderDate, PAYMENT_ATTENTION_TEXTS } from '@mastering/contracts';
import { Dialog, failedLoad, LoadError, Skeleton } from '@mastering/ui';
import { usePayment } from '../../api/payments';
import { PaymentAttentionBadge, PaymentStatusBadge } from '../../components/badges';
import { RefundSection } from '../../components/refund-section';
import { Detail } from '../../components/screen';

/**
 * One payment's details, the webhook events Yoco sent for it, and its order's refunds with Refund (the
 * order dialog's own panel; the payments screen is for admins, who refund). A payment flagged for
 * attention (a second payment of an order) is not what a refund of its order pays back, so it has none.
 */
export function PaymentDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const payment = usePayment(id);
  const { data, isLoading } = payment;
  const failed = failedLoad(payment, 'this payment');
  return (
    <Dialog open={!!id} onClose={onClose} title="Payment details" className="max-w-2xl" data-testid="payment-detail">
      {failed ? (
        <LoadError {...failed} />
      ) : isLoading || !data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="space-y-6">
          {data.attention && (
            <p
              className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive/40 p-3 text-sm"
              data-testid="payment-attention-reason"
            >
              <PaymentAttentionBadge attention={data.attention} />
              {PAYMENT_ATTENTION_TEXTS[data.attention]}
            </p>
          )}
          <dl className="grid grid-cols-2 gap-4">
            <Detail label="Payment ID">{data.paymentId ?? data.id}</Detail>
            <Detail label="Amount">{formatCents(data.amount)}</Detail>
            <Detail label="Currency">{data.currency}</Detail>
            <Detail label="Method">
              <span className="capitalize">{data.paymentMethod || 'Card'}</span>
            </Detail>
            <Detail label="Order ID">{data.orderId}</Detail>
            <Detail label="Customer">{data.customerEmail}</Detail>
            <Detail label="Created">{formatOrderDate(data.createdAt)}</Detail>
            <Detail label="Processed">{data.processedAt ? formatOrderDate(data.processedAt) : 'Not processed'}</Detail>
            <Detail label="Status">
              <PaymentStatusBadge status={data.status} />
            </Detail>
            {data.failureReason && <Detail label="Reason">{data.failureReason}</Detail>}
          </dl>
          {!data.attention && (data.status === 'succeeded' || data.status === 'refunded') && (
            <RefundSection orderId={data.orderId} />
          )}
          <div>
            <h3 className="mb-2 text-sm font-semibold">Webhook events received</h3>
            {data.events.length === 0 ? (
              <p className="text-sm text-muted-foreground">No webhook events received for this payment yet.</p>
            ) : (
              <ul
                className="divide-y divide-border rounded-lg border border-border text-sm"
                data-testid="payment-events"
              >
                {data.events.map((e) => (
                  <li key={e.eventId} className="flex flex-wrap gap-x-4 px-3 py-2">
                    <span className="font-medium">{e.type}</span>
                    <span className="flex-1 truncate font-mono text-xs text-muted-foreground">{e.eventId}</span>
                    <span className="text-xs text-muted-foreground">{formatOrderDate(e.receivedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
