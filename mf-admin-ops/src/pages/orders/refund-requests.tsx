import {
  AnswerRefundRequestBody,
  formatOrderDate,
  type RefundRequest,
  type RefundRequestDecision,
} from '@mastering/contracts';
import { Badge, Button, checkForm, errorMessage, Label, Textarea, toast } from '@mastering/ui';
import { useId, useState } from 'react';
import { useAnswerRefundRequest, useRefundRequests } from '../../api/refunds';

/**
 * The customer's "Not happy?" requests of an order (staff): each message, open ones first, and, for an admin
 * (`canAnswer`; the service refuses engineers), the answer: approve or decline, with a message; both are mailed
 * to the customer. A request refunds nothing; after approving, an admin refunds above.
 */
export function RefundRequests({ orderId, canAnswer }: { orderId: string; canAnswer: boolean }) {
  const { data } = useRefundRequests(orderId);
  if (!data || data.length === 0) return null;
  return (
    <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refund-requests">
      <h3 className="font-semibold">Refund requests</h3>
      <ul className="space-y-2">
        {data.map((request) => (
          <RequestRow key={request.id} orderId={orderId} request={request} canAnswer={canAnswer} />
        ))}
      </ul>
    </section>
  );
}

/** A request's state: open, its decision, or "Answered" for one answered before decisions were recorded. */
const DECISION_LABELS: Record<RefundRequestDecision | 'open' | 'answered', string> = {
  open: 'Open',
  answered: 'Answered',
  approved: 'Approved',
  declined: 'Declined',
};

function RequestRow({ orderId, request, canAnswer }: { orderId: string; request: RefundRequest; canAnswer: boolean }) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const mark = useAnswerRefundRequest(orderId);
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
    <li className="space-y-1 rounded-md border border-border px-2 py-1" data-testid="refund-request-row">
      <p className="text-muted-foreground">
        {formatOrderDate(request.createdAt)}{' '}
        <Badge variant={request.answeredAt ? 'secondary' : 'outline'} data-testid="refund-request-state">
          {DECISION_LABELS[request.decision ?? (request.answeredAt ? 'answered' : 'open')]}
        </Badge>
      </p>
      <p className="whitespace-pre-wrap">{request.message}</p>
      {request.answer ? (
        <p className="text-muted-foreground">Answer: {request.answer}</p>
      ) : canAnswer ? (
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
      ) : null}
    </li>
  );
}
