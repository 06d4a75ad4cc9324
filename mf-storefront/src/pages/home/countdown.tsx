import { useEffect, useState } from 'react';
import { COUNTDOWN_START_SECONDS, pad2, splitCountdown } from '../../lib/countdown';

/** The launch-special countdown: a display timer from COUNTDOWN_START_HOURS, restarting on every page load. */
export function Countdown() {
  const [remaining, setRemaining] = useState(COUNTDOWN_START_SECONDS);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const left = COUNTDOWN_START_SECONDS - Math.floor((Date.now() - started) / 1000);
      setRemaining(Math.max(0, left));
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
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
