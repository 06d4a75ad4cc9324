import { AnswerRefundRequestBody, formatOrderDate, type RefundRequest } from '@mastering/contracts';
import { Badge, Button, checkForm, errorMessage, Label, Textarea, toast } from '@mastering/ui';
import { useId, useState } from 'react';
import { useAnswerRefundRequest, useRefundRequests } from '../../api/refunds';

/**
 * The customer's "Not happy?" requests of an order (staff): each message, open ones first, and a way to
 * mark one answered with what the customer was told. A request refunds nothing; an admin refunds above.
 */
export function RefundRequests({ orderId }: { orderId: string }) {
  const { data } = useRefundRequests(orderId);
  if (!data || data.length === 0) return null;
  return (
    <section className="space-y-2 rounded-lg border border-border p-3" data-testid="order-refund-requests">
      <h3 className="font-semibold">Refund requests</h3>
      <ul className="space-y-2">
        {data.map((request) => (
          <RequestRow key={request.id} orderId={orderId} request={request} />
        ))}
      </ul>
    </section>
  );
}

function RequestRow({ orderId, request }: { orderId: string; request: RefundRequest }) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const mark = useAnswerRefundRequest(orderId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkForm(AnswerRefundRequestBody, { answer });
    if (!checked.ok) {
      toast({ title: 'Not marked answered', description: checked.message, variant: 'destructive' });
      return;
    }
    mark.mutate(
      { id: request.id, ...checked.data },
      {
        onError: (err) =>
          toast({ title: 'Not marked answered', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <li className="space-y-1 rounded-md border border-border px-2 py-1" data-testid="refund-request-row">
      <p className="text-muted-foreground">
        {formatOrderDate(request.createdAt)}{' '}
        <Badge variant={request.answeredAt ? 'secondary' : 'outline'}>{request.answeredAt ? 'Answered' : 'Open'}</Badge>
      </p>
      <p className="whitespace-pre-wrap">{request.message}</p>
      {request.answer ? (
        <p className="text-muted-foreground">Answer: {request.answer}</p>
      ) : (
        <form className="space-y-1" onSubmit={submit}>
          <Label htmlFor={`${id}-answer`}>What you told the customer</Label>
          <Textarea
            id={`${id}-answer`}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            data-testid="refund-request-answer"
          />
          <Button type="submit" size="sm" variant="outline" disabled={mark.isPending}>
            Mark answered
          </Button>
        </form>
      )}
    </li>
  );
}
