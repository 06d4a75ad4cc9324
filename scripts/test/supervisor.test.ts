import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@mastering/db';
import { groupAlive, StoppedError, Supervisor } from '../lib/supervisor';

const dirs: string[] = [];
const logDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
  dirs.push(dir);
  return dir;
};
const servers: Server[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const server of servers.splice(0)) server.close();
});

/** A ready URL that never says ready (503), and a promise that resolves when it is first polled. */
async function neverReady(): Promise<{ url: string; polled: Promise<void> }> {
  let firstPoll!: () => void;
  const polled = new Promise<void>((resolve) => (firstPoll = resolve));
  const server = createServer((_req, res) => {
    firstPoll();
    res.writeHead(503).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`, polled };
}

/** True while `pid` runs; a terminated process not yet reaped by init (a zombie) counts as gone. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const node = (script: string) => ({ command: process.execPath, args: ['-e', script] });

/** A child that keeps a grandchild in its process group (as tsx does with node) and runs until stopped. */
const withGrandchild = node(
  `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
);

describe('Supervisor', () => {
  it('reports a child that dies with its name, exit code and the last lines of its log', async () => {
    const dir = logDir();
    const death = new Promise<{ name: string; code: number | null; tail: string[] }>((resolve) => {
      const supervisor = new Supervisor(dir, (name, code, tail) => resolve({ name, code, tail }));
      void supervisor.start({
        name: 'flaky',
        ...node('for (let i = 1; i <= 40; i++) console.log("line " + i); console.error("boom"); process.exit(3)'),
      });
    });
    const { name, code, tail } = await death;
    expect(name).toBe('flaky');
    expect(code).toBe(3);
    expect(tail.at(-1)).toBe('boom');
    expect(tail).toContain('line 40');
    expect(tail).not.toContain('line 1'); // only the last lines are kept
    expect(readFileSync(path.join(dir, 'flaky.log'), 'utf8')).toContain('line 1\n');
  });

  it('fails start-up with the log tail when a child exits before it is ready', async () => {
    const supervisor = new Supervisor(logDir(), () => {});
    await expect(
      supervisor.start({
        name: 'broken',
        ...node('console.error("EADDRINUSE 8080"); process.exit(1)'),
        readyUrl: 'http://127.0.0.1:9/never',
      }),
    ).rejects.toThrow(/broken exited during start-up:[\s\S]*EADDRINUSE 8080/);
  });

  it('stops every child (and its children) on stopAll without reporting them as deaths', async () => {
    const deaths: string[] = [];
    const dir = logDir();
    const supervisor = new Supervisor(dir, (name) => deaths.push(name));
    // A parent that keeps a grandchild, as tsx does with node: both must go.
    const grandchildPid = new Promise<number>((resolve) => {
      const script = `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000);`;
      void supervisor.start({ name: 'parent', ...node(script) });
      const poll = setInterval(() => {
        // The supervisor opens the log as it spawns: on a busy machine a first poll can come before it.
        const file = path.join(dir, 'parent.log');
        const log = existsSync(file) ? readFileSync(file, 'utf8') : '';
        const match = /grandchild (\d+)/.exec(log);
        if (match) {
          clearInterval(poll);
          resolve(Number(match[1]));
        }
      }, 20);
    });
    const pid = await grandchildPid;
    await supervisor.stopAll(5000);
    expect(deaths).toEqual([]);
    expect(isRunning(pid)).toBe(false); // the grandchild is gone too
  });

  it('stopped while a child is still starting: that child and its group are stopped, nothing starts afterwards, adopted resources stop last', async () => {
    const deaths: string[] = [];
    const supervisor = new Supervisor(logDir(), (name) => deaths.push(name));
    const order: string[] = [];
    await supervisor.adopt('postgres', async () => void order.push('postgres'));
    const { url, polled } = await neverReady();

    const starting = supervisor.start({ name: 'content', ...withGrandchild, readyUrl: url });
    const outcome = starting.then(
      () => 'ready',
      (err: unknown) => err,
    );
    await polled; // spawned and waiting for readiness: the moment Ctrl-C hits before "Ready"
    const [pid] = supervisor.pids;
    expect(groupAlive(pid)).toBe(true);

    const stopped = supervisor.stopAll(5000).then(() => order.push('stopped'));
    // A row whose turn comes while stopping is not spawned at all.
    await expect(supervisor.start({ name: 'gateway', ...withGrandchild })).rejects.toBeInstanceOf(StoppedError);
    expect(supervisor.pids).toEqual([pid]);
    // Something that finished starting after the stop request (PostgreSQL) is stopped at once.
    await expect(supervisor.adopt('late', async () => void order.push('late'))).rejects.toBeInstanceOf(StoppedError);

    expect(await outcome).toBeInstanceOf(StoppedError);
    await stopped;
    expect(groupAlive(pid)).toBe(false);
    expect(order).toEqual(['late', 'postgres', 'stopped']);
    expect(deaths).toEqual([]);
  });

  it('after a failed start no process is left, also of the rows that were up or still starting', async () => {
    const deaths: string[] = [];
    const supervisor = new Supervisor(logDir(), (name) => deaths.push(name));
    let postgresStopped = false;
    await supervisor.adopt('postgres', async () => void (postgresStopped = true));
    const port = await freePort();
    const up = node(
      `require('http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1'); setInterval(() => {}, 1000);`,
    );
    const { url } = await neverReady();
    const started: string[] = [];

    const failure = supervisor
      .startAll(
        [
          { name: 'maildev', ...up, readyUrl: `http://127.0.0.1:${port}/` },
          { name: 'ops', ...withGrandchild, readyUrl: url },
          {
            name: 'content',
            ...node('console.error("listen EADDRINUSE 127.0.0.1:4003"); process.exit(1)'),
            readyUrl: 'http://127.0.0.1:9/never',
          },
        ],
        (spec) => started.push(spec.name),
      )
      .catch((err: Error) => err);

    const err = await failure;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/content exited during start-up:[\s\S]*EADDRINUSE/);
    expect(supervisor.pids).toHaveLength(3);
    for (const pid of supervisor.pids) expect(groupAlive(pid)).toBe(false);
    expect(postgresStopped).toBe(true);
    expect(deaths).toEqual([]); // the failure is the start's error, not a "died unexpectedly" report
  });
});
