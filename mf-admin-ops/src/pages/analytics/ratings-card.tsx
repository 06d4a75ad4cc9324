import { testimonialRefusal, type StaffRating } from '@mastering/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  serverErrorText,
  Skeleton,
  StarRating,
  toast,
  LoadError,
} from '@mastering/ui';
import { usePublishRating, useRatings } from '../../api/analytics';

/** When the customer rated, in the studio's way of writing dates. */
const ratedOn = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { dateStyle: 'medium' });

/**
 * The customers' ratings of the period, where staff turn a 5-star comment into a testimonial: the button
 * is there only when the customer ticked consent (and the server refuses any other).
 */
export function RatingsCard({ days }: { days: number }) {
  const ratings = useRatings(days);
  const publish = usePublishRating();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Customer ratings</CardTitle>
        <CardDescription>What customers said on their order page after delivery, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {ratings.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : ratings.error ? (
          <LoadError what="the ratings" error={ratings.error} onRetry={() => ratings.refetch()} />
        ) : ratings.data.ratings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ratings in this period.</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="ratings">
            {ratings.data.ratings.map((r) => (
              <RatingRow
                key={r.id}
                rating={r}
                publishing={publish.isPending && publish.variables === r.id}
                onPublish={() =>
                  publish.mutate(r.id, {
                    onSuccess: () => toast({ title: 'Published as a testimonial' }),
                    onError: (error) =>
                      toast({ title: serverErrorText(error, 'Could not publish it'), variant: 'destructive' }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RatingRow({
  rating: r,
  publishing,
  onPublish,
}: {
  rating: StaffRating;
  publishing: boolean;
  onPublish: () => void;
}) {
  const publishable = testimonialRefusal(r) === null;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm" data-testid="rating">
      <StarRating stars={r.stars} />
      <div className="min-w-0 flex-1 space-y-1">
        <p>{r.comment ? `“${r.comment}”` : <span className="text-muted-foreground">No comment</span>}</p>
        <p className="text-xs text-muted-foreground">
          {r.customerEmail} · order {r.orderId.slice(0, 8)} · {ratedOn(r.createdAt)} ·{' '}
          {r.publishConsent ? 'may be published' : 'not for publishing'}
        </p>
      </div>
      {r.testimonialId ? (
        <Badge variant="success">Testimonial</Badge>
      ) : (
        publishable && (
          <Button size="sm" variant="outline" disabled={publishing} onClick={onPublish}>
            Publish as testimonial
          </Button>
        )
      )}
    </li>
  );
}
