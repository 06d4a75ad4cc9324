import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/index';
import { freePort } from '../src/testing';

let dir: string | undefined;
const relocated: string[] = [];
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  for (const moved of relocated) await rm(path.dirname(moved), { recursive: true, force: true });
});

async function query(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The pid of a process that has certainly exited: what a crash leaves in postmaster.pid. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

it('initialises a data directory once and reuses it after a crash left a stale postmaster.pid', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-pg-test-'));
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const logs: string[] = [];
  const options = { dataDir, port, databaseName: 'studio', durable: false, log: (m: string) => logs.push(m) };

  const first = await startEmbeddedPostgres(options);
  // A random superuser password of its own, kept beside the folder for the owner only.
  const password = (await readFile(`${dataDir}.password`, 'utf8')).trim();
  expect(password).toMatch(/^[0-9a-f]{48}$/);
  expect((await stat(`${dataDir}.password`)).mode & 0o777).toBe(0o600);
  expect(first.connectionString).toBe(`postgres://postgres:${password}@127.0.0.1:${port}/studio`);
  await expect(query(first.connectionString.replace(password, 'postgres'), 'select 1')).rejects.toThrow(
    /password authentication failed/,
  );
  await query(first.connectionString, `create table kept (note text); insert into kept values ('still here')`);
  await first.stop();
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatch(/initialising a new cluster/);

  await writeFile(path.join(dataDir, 'postmaster.pid'), `${await deadPid()}\n${dataDir}\n`);
  const second = await startEmbeddedPostgres(options);
  try {
    expect(second.connectionString).toBe(first.connectionString);
    expect(await query(second.connectionString, 'select note from kept')).toEqual([{ note: 'still here' }]);
    expect(logs).toHaveLength(1); // not initialised again
    // Make it a cluster from before per-folder passwords: the old fixed password and no file.
    await query(second.connectionString, `alter role postgres password 'postgres'`);
  } finally {
    await second.stop();
  }
  await rm(`${dataDir}.password`);

  const legacy = await startEmbeddedPostgres(options);
  try {
    expect(await query(legacy.connectionString, 'select note from kept')).toEqual([{ note: 'still here' }]);
    const upgraded = (await readFile(`${dataDir}.password`, 'utf8')).trim();
    expect(upgraded).toMatch(/^[0-9a-f]{48}$/);
    expect(legacy.connectionString).toBe(`postgres://postgres:${upgraded}@127.0.0.1:${port}/studio`);
    expect(logs.at(-1)).toMatch(/had the default password; it now has a random one/);
    await expect(query(legacy.connectionString.replace(upgraded, 'postgres'), 'select 1')).rejects.toThrow(
      /password authentication failed/,
    );
  } finally {
    await legacy.stop();
  }
});

// As root, PostgreSQL runs as the postgres user; a data folder it cannot reach (a checkout under
// /root, mode 700) must not stop `npm start` or `npm test`.
it.runIf(process.getuid?.() === 0)(
  'as root, keeps the data where the postgres user can reach it when the given folder is private, and says where',
  async () => {
    const privateDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-pg-private-'));
    await chmod(privateDir, 0o700);
    const dataDir = path.join(privateDir, 'postgres');
    const logs: string[] = [];
    const options = { dataDir, port: await freePort(), durable: false, log: (m: string) => logs.push(m) };
    try {
      const first = await startEmbeddedPostgres(options);
      relocated.push(first.dataDir);
      try {
        expect(first.dataDir).toMatch(/^\/var\/lib\/mastering\/[0-9a-f]{16}\/postgres$/);
        expect(logs[0]).toBe(
          `PostgreSQL: the postgres user cannot enter ${privateDir}, so the data of ${dataDir} lives in ${first.dataDir}`,
        );
        await query(first.connectionString, `create table kept (note text); insert into kept values ('moved')`);
      } finally {
        await first.stop();
      }
      // The same folder name finds the same cluster next time.
      const second = await startEmbeddedPostgres(options);
      try {
        expect(second.dataDir).toBe(first.dataDir);
        expect(await query(second.connectionString, 'select note from kept')).toEqual([{ note: 'moved' }]);
      } finally {
        await second.stop();
      }
    } finally {
      await rm(privateDir, { recursive: true, force: true });
    }
  },
);
