import { CreateRefundBody, formatOrderDate, formatRand, REFUND_STATUS_LABELS, type Refund } from '@mastering/contracts';
import {
  Badge,
  Button,
  checkForm,
  Dialog,
  errorMessage,
  failedLoad,
  Input,
  Label,
  LoadError,
  Textarea,
  toast,
} from '@mastering/ui';
import { FileText, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useIssueRefund, useOrderRefunds } from '../api/refunds';

const rand = formatRand;

/**
 * Refunds of a paid order (admins), the one refund panel of the order dialog and the payment dialog:
 * what was refunded, each refund with its outcome (a failure says why, a success links its credit
 * note), and **Refund**, which opens the refund dialog while the server says something may be refunded.
 * A failed load shows the error with Retry (never a panel without its Refund button).
 */
export function RefundSection({ orderId }: { orderId: string }) {
  const query = useOrderRefunds(orderId);
  const { data } = query;
  const [open, setOpen] = useState(false);
  const failed = failedLoad(query, "this order's refunds");
  if (failed)
    return (
      <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refunds">
        <h3 className="font-semibold">Refunds</h3>
        <LoadError {...failed} />
      </section>
    );
  if (!data || (data.paid === 0 && data.refunds.length === 0)) return null;
  const canRefund = data.refundable > 0;
  return (
    <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refunds">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Refunds</h3>
        {canRefund && (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="order-refund">
            <Undo2 aria-hidden />
            Refund
          </Button>
        )}
      </div>
      <p data-testid="order-refunded">
        Refunded {rand(data.refunded)} of {rand(data.paid)}
        {data.pending > 0 && `, ${rand(data.pending)} on its way`}
      </p>
      {data.refunds.length > 0 && (
        <ul className="space-y-1">
          {data.refunds.map((r) => (
            <li key={r.id} className="rounded-md border border-border px-2 py-1" data-testid="order-refund-row">
              <span className="tabular-nums">{rand(r.amount)}</span>{' '}
              <Badge variant={r.status === 'failed' ? 'destructive' : r.status === 'succeeded' ? 'success' : 'outline'}>
                {REFUND_STATUS_LABELS[r.status]}
              </Badge>{' '}
              <span className="text-muted-foreground">
                {formatOrderDate(r.createdAt)}
                {r.requestedBy && ` by ${r.requestedBy}`}: {r.reason}
              </span>
              {r.failureReason && <p className="text-destructive">{r.failureReason}</p>}
              {r.creditNote && <CreditNoteLink orderId={orderId} refund={r} />}
            </li>
          ))}
        </ul>
      )}
      {open && <RefundDialog orderId={orderId} refundable={data.refundable} onClose={() => setOpen(false)} />}
    </section>
  );
}

/** The download of a succeeded refund's credit note (the PDF the customer was mailed). */
function CreditNoteLink({ orderId, refund }: { orderId: string; refund: Refund }) {
  if (!refund.creditNote) return null;
  return (
    <a
      href={`/api/admin/orders/${orderId}/credit-notes/${refund.creditNote.id}`}
      download
      className="flex items-center gap-1 text-primary underline underline-offset-4"
      data-testid="order-credit-note"
    >
      <FileText className="size-4" aria-hidden />
      Credit note {refund.creditNote.number} (PDF)
    </a>
  );
}

/** The refund dialog: the amount (everything left by default, less for a partial refund) and a required reason. */
function RefundDialog({ orderId, refundable, onClose }: { orderId: string; refundable: number; onClose: () => void }) {
  const [amount, setAmount] = useState(refundable.toFixed(2));
  const [reason, setReason] = useState('');
  const issue = useIssueRefund(orderId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkForm(CreateRefundBody, { amount: Number(amount.replace(',', '.')), reason });
    if (!checked.ok) {
      toast({ title: 'Refund not issued', description: checked.message, variant: 'destructive' });
      return;
    }
    issue.mutate(checked.data, {
      onSuccess: (refund) => {
        toast({
          title: `Refund of ${rand(refund.amount)} sent to Yoco`,
          description: 'The order shows the outcome once Yoco confirms it.',
        });
        onClose();
      },
      onError: (err) => toast({ title: 'Refund not issued', description: errorMessage(err), variant: 'destructive' }),
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Refund"
      description={`Up to ${rand(refundable)} can be refunded.`}
      data-testid="refund-dialog"
    >
      <form onSubmit={submit} className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor="refund-amount">Amount (R)</Label>
          <Input
            id="refund-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="refund-amount"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="refund-reason">Reason</Label>
          <Textarea
            id="refund-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            maxLength={500}
            required
            data-testid="refund-reason"
          />
        </div>
        <Button type="submit" disabled={issue.isPending} data-testid="refund-issue">
          Issue refund
        </Button>
      </form>
    </Dialog>
  );
}
