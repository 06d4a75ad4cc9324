import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

/** One row of the process table: what to run and how to know it is ready. */
export type ProcessSpec = {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Polled until it answers 2xx; the process counts as started then. */
  readyUrl?: string;
};

type Running = { spec: ProcessSpec; child: ChildProcess; tail: string[]; log: WriteStream; expectedExit: boolean };

const TAIL_LINES = 25;

/**
 * Runs the process table: each child's output goes to `<logDir>/<name>.log` (and the last lines are
 * kept), a child that dies unexpectedly is reported with its name and those lines, and `stopAll`
 * sends SIGTERM to every child's process group and waits (SIGKILL after a grace period).
 */
export class Supervisor {
  private running: Running[] = [];
  private stopping = false;

  constructor(
    private readonly logDir: string,
    private readonly onDeath: (name: string, code: number | null, tail: string[]) => void,
  ) {
    mkdirSync(logDir, { recursive: true });
  }

  /** Starts one process and resolves when its ready URL answers (or at once without one). */
  async start(spec: ProcessSpec, timeoutMs = 90_000): Promise<void> {
    const log = createWriteStream(path.join(this.logDir, `${spec.name}.log`), { flags: 'a' });
    const child = spawn(spec.command, spec.args, {
      cwd: ROOT,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group, so stopping reaches grandchildren (tsx runs node under it).
      detached: true,
    });
    const entry: Running = { spec, child, tail: [], log, expectedExit: false };
    this.running.push(entry);
    const collect = (chunk: Buffer) => {
      log.write(chunk);
      for (const line of chunk.toString().split('\n')) if (line.trim()) entry.tail.push(line);
      if (entry.tail.length > TAIL_LINES) entry.tail.splice(0, entry.tail.length - TAIL_LINES);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    void exited.then((code) => {
      log.end();
      if (!this.stopping && !entry.expectedExit) this.onDeath(spec.name, code, entry.tail);
    });
    if (!spec.readyUrl) return;
    const deadline = Date.now() + timeoutMs;
    let dead = false;
    void exited.then(() => (dead = true));
    while (!dead) {
      if (await answers(spec.readyUrl)) return;
      if (Date.now() > deadline) throw new Error(`${spec.name} did not become ready at ${spec.readyUrl} within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`${spec.name} exited during start-up:\n${entry.tail.join('\n')}`);
  }

  /** Stops every child, newest first, and waits for them to exit. */
  async stopAll(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const alive = [...this.running].reverse().filter((r) => r.child.exitCode === null && r.child.signalCode === null);
    await Promise.all(
      alive.map(
        (r) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => signal(r.child, 'SIGKILL'), graceMs);
            r.child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            signal(r.child, 'SIGTERM');
          }),
      ),
    );
  }
}

function signal(child: ChildProcess, sig: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, sig);
  } catch {
    child.kill(sig);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}
