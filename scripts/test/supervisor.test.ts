import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../lib/supervisor';

const dirs: string[] = [];
const logDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'supervisor-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** True while `pid` runs; a terminated process not yet reaped by init (a zombie) counts as gone. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const node = (script: string) => ({ command: process.execPath, args: ['-e', script] });

describe('Supervisor', () => {
  it('reports a child that dies with its name, exit code and the last lines of its log', async () => {
    const dir = logDir();
    const death = new Promise<{ name: string; code: number | null; tail: string[] }>((resolve) => {
      const supervisor = new Supervisor(dir, (name, code, tail) => resolve({ name, code, tail }));
      void supervisor.start({ name: 'flaky', ...node('for (let i = 1; i <= 40; i++) console.log("line " + i); console.error("boom"); process.exit(3)') });
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
      supervisor.start({ name: 'broken', ...node('console.error("EADDRINUSE 8080"); process.exit(1)'), readyUrl: 'http://127.0.0.1:9/never' }),
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
        const log = readFileSync(path.join(dir, 'parent.log'), 'utf8');
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
});
