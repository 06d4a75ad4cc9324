import { RATING_ANCHOR, RATING_COMMENT_MAX, RATING_THANKS, type OrderRatingView } from '@mastering/contracts';
import { Button, Label, serverErrorText, StarRating, Textarea } from '@mastering/ui/core';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useRateOrder } from '../../api/order-page';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * "Rate your master": 1 to 5 stars, an optional comment and an unticked consent to publish it. Shown once
 * the masters are delivered; after rating, the page shows the rating given. The server decides; its
 * refusal is shown as it says.
 */
export function RatingForm({
  orderId,
  token,
  rating,
}: {
  orderId: string;
  token: string;
  rating: OrderRatingView | null;
}) {
  const id = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [publishConsent, setPublishConsent] = useState(false);
  const rate = useRateOrder(orderId, token);
  if (rating)
    return (
      <section id={RATING_ANCHOR} className="space-y-2" data-testid="order-rating">
        <h2 className="text-lg font-semibold">Your rating</h2>
        <p className="flex items-center gap-2">
          <StarRating stars={rating.stars} className="[&_svg]:size-5" />
          {rate.isSuccess && (
            <span role="status" className="text-sm text-success">
              {RATING_THANKS}
            </span>
          )}
        </p>
        {rating.comment && <p className="text-sm text-muted-foreground">“{rating.comment}”</p>}
      </section>
    );
  return (
    <form
      id={RATING_ANCHOR}
      className="space-y-3"
      data-testid="rating-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (stars !== null) rate.mutate({ stars, comment, publishConsent });
      }}
    >
      <h2 className="text-lg font-semibold">Rate your master</h2>
      <fieldset>
        <legend className="mb-1 text-sm">How happy are you with it? (1 to 5 stars)</legend>
        <div className="flex gap-1">
          {STARS.map((n) => (
            <label key={n} className="cursor-pointer rounded p-1 focus-within:ring-2 focus-within:ring-ring">
              <input
                type="radio"
                name={`${id}-stars`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
                data-testid={`rating-star-${n}`}
              />
              <Star
                className={
                  stars !== null && n <= stars ? 'size-7 fill-warning text-warning' : 'size-7 text-muted-foreground'
                }
                aria-hidden
              />
              <span className="sr-only">
                {n} star{n === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Label htmlFor={`${id}-comment`}>A word about it (optional)</Label>
      <Textarea
        id={`${id}-comment`}
        value={comment}
        maxLength={RATING_COMMENT_MAX}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className="flex items-start gap-2 text-sm">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={publishConsent}
          onChange={(e) => setPublishConsent(e.target.checked)}
          className="mt-1 size-4"
        />
        <Label htmlFor={`${id}-consent`} className="font-normal">
          You may publish my comment on your website (with my first name)
        </Label>
      </div>
      {rate.error && (
        <p role="alert" className="text-sm text-destructive" data-testid="rating-error">
          {serverErrorText(rate.error, 'Your rating could not be sent. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={rate.isPending || stars === null}>
        Send my rating
      </Button>
    </form>
  );
}
