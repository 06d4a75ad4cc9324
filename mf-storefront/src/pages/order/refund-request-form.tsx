import { Button, Label, serverErrorText, Textarea } from '@mastering/ui/core';
import { useId, useState } from 'react';
import { useRequestRefund } from '../../api/order-page';

/** "Not happy?": the customer tells staff what went wrong; the server's answer (or refusal) is shown as it says. */
export function RefundRequestForm({ orderId, token }: { orderId: string; token: string }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const request = useRequestRefund(orderId, token);
  if (request.data)
    return (
      <p role="status" className="text-sm text-success" data-testid="refund-request-sent">
        {request.data.message}
      </p>
    );
  return (
    <form
      className="space-y-2"
      data-testid="refund-request-form"
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate(message);
      }}
    >
      <h2 className="text-lg font-semibold">Not happy?</h2>
      <Label htmlFor={`${id}-message`}>Tell us what went wrong</Label>
      <Textarea id={`${id}-message`} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />
      {request.error && (
        <p role="alert" className="text-sm text-destructive" data-testid="refund-request-error">
          {serverErrorText(request.error, 'Your message could not be sent. Please try again.')}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={request.isPending || message.trim() === ''}>
        Send to the studio
      </Button>
    </form>
  );
}
