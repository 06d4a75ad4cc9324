import { Star } from 'lucide-react';
import { cn } from '../lib/cn';

/** A 1-5 star rating, read only: five stars, the first `stars` filled, read out as "N out of 5 stars". */
export function StarRating({ stars, className }: { stars: number; className?: string }) {
  const shown = Math.max(0, Math.min(5, Math.round(stars)));
  return (
    <span className={cn('inline-flex gap-0.5', className)} aria-label={`${shown} out of 5 stars`} role="img">
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          className={i < shown ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground/40'}
          aria-hidden
        />
      ))}
    </span>
  );
}
