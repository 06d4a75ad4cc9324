import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ROOT } from './paths';
import { CrashHistory, type RestartPolicy } from './restart-policy';

/** One row of the process table: what to run and how to know it is ready. */
export type ProcessSpec = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Polled until it answers 2xx; the process counts as started then. */
  readyUrl?: string;
};

/** Thrown by start-up steps that were cut short because the supervisor is stopping (not a failure). */
export class StoppedError extends Error {
  constructor(what: string) {
    super(`${what}: stopped before it was ready`);
    this.name = 'StoppedError';
  }
}

type Running = {
  spec: ProcessSpec;
  child: ChildProcess;
  tail: string[];
  log: WriteStream;
  ready: boolean;
  exited: Promise<void>;
};
type Adopted = { name: string; stop: () => Promise<void> };

/** The time and the timer restarts wait on (tests give their own, and fire the timers themselves). */
export type Clock = { now(): number; setTimeout(run: () => void, ms: number): () => void };

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** A death the supervisor reports: the process's name, exit code (null when a signal ended it), last lines, and why it gave up (with a restart policy). */
export type OnDeath = (name: string, code: number | null, tail: string[], reason?: string) => void;

export type SupervisorOptions = {
  /**
   * Start a child that died after it was ready again, per this policy (replica mode), and report it
   * to onDeath only when the policy gives up. Without one, every death is reported (fail fast).
   */
  restart?: RestartPolicy;
  /** Told of each restart it schedules: the process, how it ended, the delay, and its crashes within the window. */
  onRestart?: (name: string, ended: string, delayMs: number, crashes: number) => void;
  clock?: Clock;
};

const TAIL_LINES = 25;
const READY_POLL_MS = 150;

/**
 * Runs the process table: each child's output goes to `<logDir>/<name>.log` (and the last lines are
 * kept), a child that dies after it was ready is reported with its name and those lines (or, with a
 * restart policy, started again after a growing delay and reported only when it keeps crashing), and
 * `stopAll` stops every child's process group (SIGTERM, SIGKILL after a grace period) and then the
 * resources handed over with `adopt` (embedded PostgreSQL). Once stopping, nothing new starts: a
 * start waiting for readiness is cut short and its process stopped, a later start throws StoppedError,
 * and a resource adopted later is stopped at once.
 */
export class Supervisor {
  private readonly running: Running[] = [];
  private readonly adopted: Adopted[] = [];
  private readonly stopRequested = new AbortController();
  private stopped: Promise<void> | null = null;
  private readonly crashes = new Map<string, CrashHistory>();
  /** Cancels each restart still waiting for its delay. */
  private readonly pendingRestarts = new Set<() => void>();
  private readonly clock: Clock;
  private readonly killOnExit = () => {
    // Last resort if this process ends without stopAll (an uncaught error, process.exit): children
    // live in their own process groups, so nothing else would take them down.
    for (const r of this.running) if (isAlive(r.child)) signal(r.child, 'SIGKILL');
  };

  constructor(
    private readonly logDir: string,
    private readonly onDeath: OnDeath,
    private readonly options: SupervisorOptions = {},
  ) {
    this.clock = options.clock ?? realClock;
    mkdirSync(logDir, { recursive: true });
    process.on('exit', this.killOnExit);
  }

  /** Aborted as soon as stopAll is called: hand it to long start-up steps (builds) so they end early. */
  get signal(): AbortSignal {
    return this.stopRequested.signal;
  }

  /** The process id of every child started so far (running or not), in start order. */
  get pids(): number[] {
    return this.running.map((r) => r.child.pid!).filter(Boolean);
  }

  /** The process id of the newest child started under `name`, if any. */
  pidOf(name: string): number | undefined {
    return this.running.findLast((r) => r.spec.name === name)?.child.pid;
  }

  /** True when the newest process started under `name` runs and answered its ready URL. */
  isReady(name: string): boolean {
    const entry = this.running.findLast((r) => r.spec.name === name);
    return Boolean(entry?.ready && isAlive(entry.child));
  }

  /** Throws StoppedError once stopAll was called; call between start-up steps. */
  throwIfStopping(step: string): void {
    if (this.signal.aborted) throw new StoppedError(step);
  }

  /**
   * Hands over something started outside the supervisor (embedded PostgreSQL) to be stopped after
   * every child. If stopAll was already called it is stopped now, and StoppedError is thrown.
   */
  async adopt(name: string, stop: () => Promise<void>): Promise<void> {
    if (this.signal.aborted) {
      await stop();
      throw new StoppedError(name);
    }
    this.adopted.push({ name, stop });
  }

  /** Starts one process and resolves when its ready URL answers (or at once without one). */
  async start(spec: ProcessSpec, timeoutMs = 90_000): Promise<void> {
    this.throwIfStopping(spec.name);
    const log = createWriteStream(path.join(this.logDir, `${spec.name}.log`), { flags: 'a' });
    // A log file that cannot be written (its folder removed meanwhile) must not take the launcher down:
    // the tail in memory still holds the last lines.
    log.on('error', (err) => entry.tail.push(`(log file: ${err.message})`));
    const child = spawn(spec.command, spec.args, {
      cwd: ROOT,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group, so stopping reaches grandchildren (tsx runs node under it).
      detached: true,
    });
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, sig) => {
        exitCode = code;
        exitSignal = sig;
        resolve();
      });
      // A command that cannot be spawned at all emits 'error' instead of 'exit'.
      child.once('error', (err) => {
        entry.tail.push(err.message);
        resolve();
      });
    });
    const entry: Running = { spec, child, tail: [], log, ready: false, exited };
    this.running.push(entry);
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      for (const line of chunk.toString().split('\n')) if (line.trim()) entry.tail.push(line);
      if (entry.tail.length > TAIL_LINES) entry.tail.splice(0, entry.tail.length - TAIL_LINES);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited
      // The log is on the disk before anyone is told to read it.
      .then(() => new Promise<void>((resolve) => log.end(resolve)))
      .then(() => {
        // A child that dies before it is ready fails its start instead (with the same tail).
        if (entry.ready && !this.signal.aborted)
          this.died(spec, exitCode, exitCode === null ? `signal ${exitSignal}` : `code ${exitCode}`, entry.tail);
      });

    if (spec.readyUrl) await this.waitUntilReady(entry, spec.readyUrl, timeoutMs);
    this.throwIfStopping(spec.name);
    entry.ready = true;
  }

  /**
   * A child died after it was ready: reported to onDeath (fail fast), or with a restart policy started
   * again after the policy's delay, and reported only when the policy gives up.
   */
  private died(spec: ProcessSpec, code: number | null, ended: string, tail: string[]): void {
    const policy = this.options.restart;
    if (!policy) {
      this.onDeath(spec.name, code, tail);
      return;
    }
    let history = this.crashes.get(spec.name);
    if (!history) this.crashes.set(spec.name, (history = new CrashHistory(policy)));
    const verdict = history.record(this.clock.now());
    if ('giveUp' in verdict) {
      this.onDeath(spec.name, code, tail, verdict.giveUp);
      return;
    }
    this.options.onRestart?.(spec.name, ended, verdict.restartInMs, verdict.crashes);
    const cancel = this.clock.setTimeout(() => {
      this.pendingRestarts.delete(cancel);
      void this.relaunch(spec);
    }, verdict.restartInMs);
    this.pendingRestarts.add(cancel);
  }

  /** Starts a dead child again; one that dies (or hangs) before it is ready counts as another crash. */
  private async relaunch(spec: ProcessSpec): Promise<void> {
    if (this.signal.aborted) return;
    try {
      await this.start(spec);
    } catch (err) {
      if (err instanceof StoppedError || this.signal.aborted) return;
      const entry = this.running.findLast((r) => r.spec.name === spec.name);
      // Not ready in time but still running: stopped, so the next try finds its port free.
      if (entry && isAlive(entry.child)) await stopGroup(entry, 2_000);
      this.died(spec, entry?.child.exitCode ?? null, (err as Error).message.split('\n')[0]!, entry?.tail ?? []);
    }
  }

  /**
   * Starts every row at once (none needs another to be up first) and resolves when all are ready,
   * calling `onStarted` for each. If one fails, everything is stopped (also the rows still starting)
   * and its error is thrown.
   */
  async startAll(specs: ProcessSpec[], onStarted: (spec: ProcessSpec) => void = () => {}): Promise<void> {
    let failure: unknown;
    await Promise.all(
      specs.map((spec) =>
        this.start(spec).then(
          () => onStarted(spec),
          (err) => {
            // The first error is the cause; the others are the rows cut short by stopping.
            if (failure === undefined) {
              failure = err;
              void this.stopAll();
            }
          },
        ),
      ),
    );
    if (failure !== undefined) {
      await this.stopAll();
      throw failure;
    }
  }

  /**
   * Stops every child (newest first, each with its process group) and then the adopted resources
   * (newest first); resolves when all of them are gone. Safe to call any number of times.
   */
  stopAll(graceMs = 10_000): Promise<void> {
    this.stopped ??= (async () => {
      this.stopRequested.abort();
      for (const cancel of this.pendingRestarts) cancel();
      this.pendingRestarts.clear();
      const children = [...this.running].reverse();
      await Promise.all(children.map((r) => stopGroup(r, graceMs)));
      const problems: string[] = [];
      for (const resource of [...this.adopted].reverse()) {
        await resource.stop().catch((err: Error) => problems.push(`${resource.name}: ${err.message}`));
      }
      process.removeListener('exit', this.killOnExit);
      if (problems.length > 0) throw new Error(`could not stop ${problems.join('; ')}`);
    })();
    return this.stopped;
  }

  private async waitUntilReady(entry: Running, url: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let dead = false;
    void entry.exited.then(() => (dead = true));
    const stopOrExit = AbortSignal.any([this.signal, abortedWhen(entry.exited)]);
    while (!dead && !this.signal.aborted) {
      if (await answers(url, stopOrExit)) return;
      if (Date.now() > deadline)
        throw new Error(`${entry.spec.name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
      await delay(READY_POLL_MS, undefined, { signal: stopOrExit }).catch(() => undefined);
    }
    if (this.signal.aborted) throw new StoppedError(entry.spec.name);
    throw new Error(`${entry.spec.name} exited during start-up:\n${entry.tail.join('\n')}`);
  }
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves when no process of the group is left. */
async function stopGroup(r: Running, graceMs: number): Promise<void> {
  const pgid = r.child.pid;
  if (!pgid) return;
  const killer = setTimeout(() => signal(r.child, 'SIGKILL'), graceMs);
  try {
    if (groupAlive(pgid)) signal(r.child, 'SIGTERM');
    await r.exited;
    // The leader is gone; wait for the rest of its group (e.g. a grandchild still finishing).
    while (groupAlive(pgid)) await delay(25);
  } finally {
    clearTimeout(killer);
  }
}

function isAlive(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

function signal(child: ChildProcess, sig: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, sig);
  } catch {
    child.kill(sig);
  }
}

/**
 * True while any process of the group runs. On Linux zombies do not count: an orphaned grandchild
 * that has exited is a zombie until init reaps it, and some inits (containers) never do.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true; // no /proc: signal 0 is all we know
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command (which may contain spaces): state ppid pgrp ...
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

function abortedWhen(done: Promise<unknown>): AbortSignal {
  const controller = new AbortController();
  void done.then(() => controller.abort());
  return controller.signal;
}

async function answers(url: string, stop: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.any([stop, AbortSignal.timeout(2000)]) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
