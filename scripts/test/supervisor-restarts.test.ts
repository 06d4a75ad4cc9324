// Replica mode's restart policy: a dead replica is started again after a doubling delay, and only one
// that keeps crashing within the window stops the stack. The clock and the timer are the test's own:
// nothing waits for real time, the delays are read and the timers fired by hand.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CrashHistory, REPLICA_RESTARTS, type RestartPolicy } from '../lib/restart-policy';
import { type Clock, Supervisor } from '../lib/supervisor';

describe('CrashHistory', () => {
  it('restarts after 0.5 s, 1 s, 2 s, 4 s and gives up at the fifth crash within a minute', () => {
    const history = new CrashHistory(REPLICA_RESTARTS);
    const verdicts = [0, 1_000, 2_000, 3_000, 4_000].map((at) => history.record(at));
    expect(verdicts.slice(0, 4)).toEqual([
      { restartInMs: 500, crashes: 1 },
      { restartInMs: 1_000, crashes: 2 },
      { restartInMs: 2_000, crashes: 3 },
      { restartInMs: 4_000, crashes: 4 },
    ]);
    expect(verdicts[4]).toEqual({ giveUp: 'it crashed 5 times within 60 s, so restarting it does not help' });
  });

  it('caps the delay', () => {
    const history = new CrashHistory({ ...REPLICA_RESTARTS, maxCrashes: 20 });
    const delays = Array.from({ length: 8 }, (_, i) => history.record(i));
    expect(delays.at(-1)).toEqual({ restartInMs: 8_000, crashes: 8 });
  });

  it('forgets crashes older than the window: a replica that crashes now and then is always restarted', () => {
    const history = new CrashHistory(REPLICA_RESTARTS);
    for (let i = 0; i < 20; i++) expect(history.record(i * 61_000)).toEqual({ restartInMs: 500, crashes: 1 });
    // Two within the window count together again.
    expect(history.record(19 * 61_000 + 30_000)).toEqual({ restartInMs: 1_000, crashes: 2 });
  });
});

/** A clock that stands still until moved, and timers that run only when the test fires them. */
function manualClock() {
  let now = 0;
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  };
  return {
    clock,
    timers,
    advance: (ms: number) => (now += ms),
    /** Runs the oldest timer not yet run. */
    fire: () => timers.shift()!.run(),
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that notes each start in `starts` and dies at once with code 3. */
function crashingChild(dir: string) {
  const starts = path.join(dir, 'starts');
  return {
    starts: () => readFileSync(starts, 'utf8').split('\n').filter(Boolean).length,
    spec: {
      name: 'storefront-2',
      command: process.execPath,
      args: ['-e', `require('fs').appendFileSync(${JSON.stringify(starts)}, 'start\\n'); process.exit(3)`],
    },
  };
}

/** A supervisor with `policy` on a manual clock; each restart it schedules and each death it reports, as promises. */
function supervised(policy: RestartPolicy | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'supervisor-restarts-'));
  dirs.push(dir);
  const time = manualClock();
  const restarts: { name: string; ended: string; delayMs: number }[] = [];
  let restarted = () => {};
  let died: (death: { name: string; code: number | null; reason?: string }) => void = () => {};
  const death = new Promise<{ name: string; code: number | null; reason?: string }>((resolve) => (died = resolve));
  const supervisor = new Supervisor(dir, (name, code, _tail, reason) => died({ name, code, reason }), {
    restart: policy,
    clock: time.clock,
    onRestart: (name, ended, delayMs) => {
      restarts.push({ name, ended, delayMs });
      restarted();
    },
  });
  /** Resolves when the next restart is scheduled. */
  const nextRestart = () => new Promise<void>((resolve) => (restarted = resolve));
  return { dir, supervisor, time, restarts, death, nextRestart };
}

describe('Supervisor with a restart policy (replica mode)', () => {
  const policy: RestartPolicy = { firstDelayMs: 500, maxDelayMs: 8_000, maxCrashes: 3, windowMs: 60_000 };

  it('starts a dead replica again after the growing delay, and stops only when it keeps crashing', async () => {
    const { dir, supervisor, time, restarts, death, nextRestart } = supervised(policy);
    const child = crashingChild(dir);
    let scheduled = nextRestart();
    await supervisor.start(child.spec);
    await scheduled;
    expect(restarts).toEqual([{ name: 'storefront-2', ended: 'code 3', delayMs: 500 }]);
    expect(child.starts()).toBe(1);

    time.advance(500);
    scheduled = nextRestart();
    time.fire();
    await scheduled;
    expect(child.starts()).toBe(2);
    expect(restarts.at(-1)).toEqual({ name: 'storefront-2', ended: 'code 3', delayMs: 1_000 });

    time.advance(1_000);
    time.fire();
    // The third crash within the minute: reported, with the reason, and not started again.
    expect(await death).toEqual({
      name: 'storefront-2',
      code: 3,
      reason: 'it crashed 3 times within 60 s, so restarting it does not help',
    });
    expect(child.starts()).toBe(3);
    expect(time.timers).toHaveLength(0);
    await supervisor.stopAll();
  });

  it('starts nothing once stopping: a restart still waiting is cancelled', async () => {
    const { dir, supervisor, time, nextRestart } = supervised(policy);
    const child = crashingChild(dir);
    const scheduled = nextRestart();
    await supervisor.start(child.spec);
    await scheduled;
    await supervisor.stopAll();
    expect(time.timers[0]?.cancelled).toBe(true);
    expect(child.starts()).toBe(1);
  });

  it('without a policy (one of each), reports the first death at once: fail fast', async () => {
    const { dir, supervisor, restarts, death } = supervised(undefined);
    await supervisor.start(crashingChild(dir).spec);
    expect(await death).toEqual({ name: 'storefront-2', code: 3, reason: undefined });
    expect(restarts).toEqual([]);
    await supervisor.stopAll();
  });
});
