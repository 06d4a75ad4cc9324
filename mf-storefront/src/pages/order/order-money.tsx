import { formatRand, formatStudioTime, REFUND_STATUS_LABELS, type CustomerOrderView } from '@mastering/contracts';
import { buttonVariants } from '@mastering/ui/core';
import { FileText } from 'lucide-react';
import { OutcomeCard } from '../../components/outcome-frame';

/**
 * The order's invoice (once paid) and its refunds with amount and status, each succeeded one with its
 * credit note's PDF; nothing when it has neither.
 */
export function OrderMoney({ order }: { order: CustomerOrderView }) {
  if (!order.invoiceUrl && order.refunds.length === 0) return null;
  return (
    <OutcomeCard title="Payment" testId="order-money">
      {order.invoiceUrl && (
        <a
          href={order.invoiceUrl}
          download
          className={buttonVariants({ variant: 'outline' })}
          data-testid="order-invoice"
        >
          <FileText aria-hidden />
          Download invoice (PDF)
        </a>
      )}
      {order.refunds.length > 0 && (
        <ul className="mt-3 space-y-1" aria-label="Refunds" data-testid="order-refunds">
          {order.refunds.map((refund) => (
            <li key={refund.createdAt} className="flex flex-wrap gap-2">
              <span className="font-medium">Refund {formatRand(refund.amount)}</span>
              <span>{REFUND_STATUS_LABELS[refund.status]}</span>
              <span className="text-muted-foreground">{formatStudioTime(refund.createdAt)}</span>
              {refund.creditNote && (
                <a
                  href={refund.creditNote.url}
                  download
                  className="text-primary underline underline-offset-4"
                  data-testid="order-credit-note"
                >
                  Credit note {refund.creditNote.number} (PDF)
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </OutcomeCard>
  );
}
