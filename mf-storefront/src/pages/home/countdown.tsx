import { useEffect, useState } from 'react';
import { pad2, secondsUntil, splitCountdown } from '../../lib/countdown';

/** The launch-special countdown to the end date stored in Settings → Pricing (the same on every load). */
export function Countdown({ endsAt }: { endsAt: string }) {
  const [remaining, setRemaining] = useState(() => secondsUntil(endsAt));
  useEffect(() => {
    setRemaining(secondsUntil(endsAt));
    const timer = setInterval(() => {
      const left = secondsUntil(endsAt);
      setRemaining(left);
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const { hours, minutes, seconds } = splitCountdown(remaining);
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="countdown">
      <span>Special ends in</span>
      <span
        className="flex gap-1 font-mono text-foreground tabular-nums"
        role="timer"
        aria-label={`${hours} hours ${minutes} minutes ${seconds} seconds`}
      >
        {[hours, minutes, seconds].map((unit, i) => (
          <span key={i} className="rounded-md bg-muted px-1.5 py-0.5">
            {pad2(unit)}
          </span>
        ))}
      </span>
    </div>
  );
}
