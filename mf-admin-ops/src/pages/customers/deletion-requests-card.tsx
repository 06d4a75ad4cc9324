import { formatOrderDate } from '@mastering/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  failedLoad,
  LoadError,
  toast,
} from '@mastering/ui';
import { useCompleteDeletion, useDeletionRequests } from '../../api/deletion-requests';

/**
 * The waiting deletion requests on the Customers screen: completing one deletes the person's audio and
 * replaces their personal details with an anonymous marker; invoices stay (5 years) anonymised.
 * Shown only while any waits, and when they could not be loaded (the error with Retry: a waiting
 * request must not vanish from sight).
 */
export function DeletionRequestsCard() {
  const requests = useDeletionRequests();
  const complete = useCompleteDeletion();
  const failed = failedLoad(requests, 'the deletion requests');
  if (failed)
    return (
      <Card data-testid="deletion-requests">
        <CardHeader>
          <CardTitle>Deletion requests</CardTitle>
        </CardHeader>
        <CardContent>
          <LoadError {...failed} />
        </CardContent>
      </Card>
    );
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <Card data-testid="deletion-requests">
      <CardHeader>
        <CardTitle>Deletion requests</CardTitle>
        <CardDescription>
          Completing a request deletes the customer's audio and personal details for good. Invoices are kept with the
          customer anonymised.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border">
          {requests.data.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-4 py-2">
              <span>
                {r.email} <span className="text-sm text-muted-foreground">asked {formatOrderDate(r.createdAt)}</span>
              </span>
              <Button
                variant="destructive"
                size="sm"
                disabled={complete.isPending}
                onClick={() =>
                  complete.mutate(r.id, {
                    onSuccess: () => toast({ title: `Deleted the data of ${r.email}` }),
                    onError: (error) =>
                      toast({ title: 'Could not complete', description: errorMessage(error), variant: 'destructive' }),
                  })
                }
              >
                Complete deletion
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
