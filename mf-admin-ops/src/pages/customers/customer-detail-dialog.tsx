import { EMPTY_TEXTS, formatOrderDate, formatRand, shortId } from '@mastering/contracts';
import { Button, buttonVariants, Dialog, failedLoad, LoadError, Skeleton } from '@mastering/ui';
import { MessageSquare, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCustomer } from '../../api/customers';
import { CustomerStatusBadge } from '../../components/badges';
import { Detail } from '../../components/screen';
import { OrderStatusBadge } from '../dashboard/order-status-badge';

/** A customer's stats, first and last order dates, actions and order history. */
export function CustomerDetailDialog({
  email,
  onClose,
  onMessage,
}: {
  email: string | null;
  onClose: () => void;
  onMessage: (email: string) => void;
}) {
  const customer = useCustomer(email);
  const { data, isLoading } = customer;
  const failed = failedLoad(customer, "this customer's details");
  return (
    <Dialog
      open={!!email}
      onClose={onClose}
      title={email ?? ''}
      description="Customer details"
      className="max-w-2xl"
      data-testid="customer-detail"
    >
      {failed ? (
        <LoadError {...failed} />
      ) : isLoading || !data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <div className="space-y-6">
          <div className="flex items-center gap-2">
            <CustomerStatusBadge status={data.status} />
            {data.name && <span className="text-sm text-muted-foreground">{data.name}</span>}
          </div>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Detail label="Total orders">{data.totalOrders}</Detail>
            <Detail label="Total spent">{formatRand(data.totalSpent)}</Detail>
            <Detail label="Average order">{formatRand(data.averageOrderValue)}</Detail>
            <Detail label="First order">{data.firstOrderDate ? formatOrderDate(data.firstOrderDate) : 'N/A'}</Detail>
            <Detail label="Last order">{data.lastOrderDate ? formatOrderDate(data.lastOrderDate) : 'N/A'}</Detail>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onMessage(data.email)} data-testid="detail-send-message">
              <MessageSquare aria-hidden />
              Send Message
            </Button>
            <Link to="/admin/orders" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <ShoppingCart aria-hidden />
              View All Orders
            </Link>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold">Order history</h3>
            {data.orders.length === 0 ? (
              <p className="text-sm text-muted-foreground">{EMPTY_TEXTS.profileOrders}</p>
            ) : (
              <ul className="divide-y divide-border rounded-lg border border-border" data-testid="customer-orders">
                {data.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                    <span className="font-mono">#{shortId(o.id)}</span>
                    <span className="flex-1 text-muted-foreground">{formatOrderDate(o.createdAt)}</span>
                    <span className="text-muted-foreground">
                      {o.fileCount} file{o.fileCount === 1 ? '' : 's'}
                    </span>
                    <span className="w-20 text-right tabular-nums">{formatRand(o.total)}</span>
                    <OrderStatusBadge status={o.status} />
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
