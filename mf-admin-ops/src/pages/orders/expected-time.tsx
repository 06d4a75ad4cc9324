import type { AdminOrder } from '@mastering/contracts';
import { Button, errorMessage, Input, Label, toast } from '@mastering/ui';
import { useId, useState } from 'react';
import { useSetExpectedAt } from '../../api/orders';

/** An ISO time as a `datetime-local` value in the browser's time zone (what the field shows and edits). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The engineer's expected delivery time of an order: its due time from now on; past the promise, the customer is mailed the delay with it. */
export function ExpectedTime({ order }: { order: AdminOrder }) {
  const id = useId();
  const [value, setValue] = useState(toLocalInput(order.expectedAt));
  const save = useSetExpectedAt(order.id);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // A datetime-local value has no zone: the browser reads it as local time, which is what the engineer meant.
    const expectedAt = value ? new Date(value).toISOString() : null;
    save.mutate(
      { expectedAt },
      {
        onSuccess: () => toast({ title: expectedAt ? 'Expected time saved' : 'Expected time cleared' }),
        onError: (err) => toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} data-testid="order-expected-at">
      <div className="space-y-1">
        <Label htmlFor={`${id}-expected`}>Expected delivery</Label>
        <Input id={`${id}-expected`} type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={save.isPending}>
        Save time
      </Button>
    </form>
  );
}
