import { failedLoad, LoadError } from '@mastering/ui';
import { useRefundRequests } from '../../api/refunds';
import { RefundRequestRow } from '../refund-requests/refund-request-row';

/**
 * The customer's "Not happy?" requests of an order (staff): each message, open ones first, and the
 * answer: approve or decline, with a message; both are mailed to the customer. A request refunds
 * nothing; after approving, an admin refunds above. A failed load shows the error with Retry.
 */
export function RefundRequests({ orderId }: { orderId: string }) {
  const query = useRefundRequests(orderId);
  const { data } = query;
  const failed = failedLoad(query, "this order's refund requests");
  if (failed)
    return (
      <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refund-requests">
        <h3 className="font-semibold">Refund requests</h3>
        <LoadError {...failed} />
      </section>
    );
  if (!data || data.length === 0) return null;
  return (
    <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refund-requests">
      <h3 className="font-semibold">Refund requests</h3>
      <ul className="space-y-2">
        {data.map((request) => (
          <RefundRequestRow key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}
