import {
  AnswerRefundRequestBody,
  formatOrderDate,
  formatStudioTime,
  REFUND_REQUEST_TEXTS,
  shortId,
  type RefundRequest,
  type RefundRequestDecision,
} from '@mastering/contracts';
import { Badge, Button, checkForm, errorMessage, Label, Textarea, toast } from '@mastering/ui';
import { useId, useState } from 'react';
import { useMe } from '../../api/orders';
import { useAnswerRefundRequest } from '../../api/refunds';

/** A request's state: open, its decision, or "Answered" for one answered before decisions were recorded. */
const DECISION_LABELS: Record<RefundRequestDecision | 'open' | 'answered', string> = {
  open: 'Open',
  answered: 'Answered',
  approved: 'Approved',
  declined: 'Declined',
};

/**
 * One "Not happy?" request: when it came, its state (overdue once unanswered past one working day), the
 * customer's message, and the answer; an admin approves or declines it with a message, and both are mailed
 * to the customer. With `onOpenOrder` (the Refund requests screen) it also names the order and customer.
 */
export function RefundRequestRow({
  request,
  onOpenOrder,
}: {
  request: RefundRequest;
  onOpenOrder?: (orderId: string) => void;
}) {
  const isAdmin = useMe()?.role === 'admin';
  return (
    <li className="space-y-1 rounded-md border border-border px-2 py-1" data-testid="refund-request-row">
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
        {onOpenOrder && (
          <>
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 font-mono"
              onClick={() => onOpenOrder(request.orderId)}
              data-testid="refund-request-order"
            >
              #{shortId(request.orderId)}
            </Button>
            <span className="truncate text-foreground">{request.customerEmail}</span>
          </>
        )}
        <span>{formatOrderDate(request.createdAt)}</span>
        <Badge variant={request.answeredAt ? 'secondary' : 'outline'} data-testid="refund-request-state">
          {DECISION_LABELS[request.decision ?? (request.answeredAt ? 'answered' : 'open')]}
        </Badge>
        {request.overdue && (
          <Badge variant="destructive" data-testid="refund-request-overdue">
            {REFUND_REQUEST_TEXTS.overdue}
          </Badge>
        )}
        {!request.answeredAt && (
          <span className="text-xs">{REFUND_REQUEST_TEXTS.answerBy(formatStudioTime(request.answerBy))}</span>
        )}
      </p>
      <p className="whitespace-pre-wrap">{request.message}</p>
      {request.answer ? (
        <p className="text-muted-foreground">Answer: {request.answer}</p>
      ) : isAdmin ? (
        <AnswerForm request={request} />
      ) : (
        <p className="text-xs text-muted-foreground">{REFUND_REQUEST_TEXTS.adminsAnswer}</p>
      )}
    </li>
  );
}

/** An admin's answer: a message to the customer, then Approve refund or Decline (both mailed). */
function AnswerForm({ request }: { request: RefundRequest }) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const mark = useAnswerRefundRequest();
  const submit = (decision: RefundRequestDecision) => () => {
    const checked = checkForm(AnswerRefundRequestBody, { decision, answer });
    if (!checked.ok) {
      toast({ title: 'Not answered', description: checked.message, variant: 'destructive' });
      return;
    }
    mark.mutate(
      { id: request.id, ...checked.data },
      {
        onError: (err) => toast({ title: 'Not answered', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <form className="space-y-1">
      <Label htmlFor={`${id}-answer`}>Message to the customer (mailed with your decision)</Label>
      <Textarea
        id={`${id}-answer`}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        data-testid="refund-request-answer"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          onClick={submit('approved')}
          disabled={mark.isPending}
          data-testid="refund-request-approve"
        >
          Approve refund
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={submit('declined')}
          disabled={mark.isPending}
          data-testid="refund-request-decline"
        >
          Decline
        </Button>
      </div>
    </form>
  );
}
