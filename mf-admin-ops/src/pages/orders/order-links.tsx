import { Button, errorMessage, toast } from '@mastering/ui';
import { useState } from 'react';
import { useRevokeOrderLinks } from '../../api/orders';

/**
 * Revoke the customer's order links (admins): for a link forwarded or leaked with a mail. Asks once more
 * before it acts, since every link the customer holds stops working; the customer is mailed a new one.
 */
export function RevokeOrderLinks({ orderId }: { orderId: string }) {
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeOrderLinks(orderId);
  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Links revoked', description: 'The customer was mailed a new link.' });
      },
      onError: (err) => toast({ title: 'Not revoked', description: errorMessage(err), variant: 'destructive' }),
    });
  return (
    <section className="space-y-2" data-testid="order-links">
      <h3 className="font-semibold">Customer links</h3>
      {asking ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm">Every link the customer holds stops working, and a new one is mailed to them.</p>
          <Button
            size="sm"
            variant="destructive"
            onClick={confirm}
            disabled={revoke.isPending}
            data-testid="order-links-confirm"
          >
            Revoke links
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setAsking(true)} data-testid="order-links-revoke">
          Revoke customer links…
        </Button>
      )}
    </section>
  );
}
