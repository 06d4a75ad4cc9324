import { refundRequestCountText } from '@mastering/contracts';
import { buttonVariants, cn } from '@mastering/ui';
import { MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useRefundRequestCount } from '../../api/refunds';

/**
 * The dashboard's call to answer "Not happy?" requests: the open ones and how many are overdue (unanswered
 * after one working day), linking to the Refund requests screen; nothing while none is open.
 */
export function RefundRequestsNotice() {
  const { data } = useRefundRequestCount();
  if (!data || data.open === 0) return null;
  return (
    <Link
      to="/admin/refund-requests"
      data-testid="dashboard-refund-requests"
      className={cn(
        buttonVariants({ variant: 'outline', size: 'sm' }),
        data.overdue > 0 ? 'border-destructive/60 text-destructive' : 'border-warning/60 text-warning',
      )}
    >
      <MessageSquareWarning aria-hidden />
      {refundRequestCountText(data)}
    </Link>
  );
}
