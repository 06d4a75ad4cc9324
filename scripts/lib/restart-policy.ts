// When a process of the table dies in replica mode, the supervisor starts it again the way a Kubernetes
// Deployment would: after a delay that doubles with each crash (so a process that cannot start does not
// spin), while the other replicas serve. Crashing over and over in a short window means something is
// wrong that restarting will not fix: the stack stops then, saying so. Pure (the caller gives the time).

/** How dying processes are started again. */
export type RestartPolicy = {
  /** The delay before the first restart; each further crash within the window doubles it. */
  firstDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
  /** This many crashes of one process within `windowMs` stop the stack instead. */
  maxCrashes: number;
  windowMs: number;
};

/** Replica mode's policy: 0.5 s, 1 s, 2 s, 4 s (capped at 8 s); the fifth crash within a minute stops the stack. */
export const REPLICA_RESTARTS: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 8_000,
  maxCrashes: 5,
  windowMs: 60_000,
};

/** What to do about a crash: start the process again after `restartInMs`, or give up, saying why. */
export type CrashVerdict = { restartInMs: number; crashes: number } | { giveUp: string };

/** One process's recent crashes, and the verdict on each new one. */
export class CrashHistory {
  private crashes: number[] = [];

  constructor(private readonly policy: RestartPolicy) {}

  /** Records a crash at `now` (ms) and says whether, and after how long, to start the process again. */
  record(now: number): CrashVerdict {
    const { firstDelayMs, maxDelayMs, maxCrashes, windowMs } = this.policy;
    this.crashes = [...this.crashes.filter((at) => now - at < windowMs), now];
    const crashes = this.crashes.length;
    if (crashes >= maxCrashes)
      return { giveUp: `it crashed ${crashes} times within ${windowMs / 1000} s, so restarting it does not help` };
    return { restartInMs: Math.min(firstDelayMs * 2 ** (crashes - 1), maxDelayMs), crashes };
  }
}
