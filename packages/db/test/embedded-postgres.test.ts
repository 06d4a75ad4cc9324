import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/index';
import { freePort } from '../src/testing';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
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
  expect(first.connectionString).toBe(`postgres://postgres:postgres@127.0.0.1:${port}/studio`);
  await query(first.connectionString, `create table kept (note text); insert into kept values ('still here')`);
  await first.stop();
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatch(/initialising a new cluster/);

  await writeFile(path.join(dataDir, 'postmaster.pid'), `${await deadPid()}\n${dataDir}\n`);
  const second = await startEmbeddedPostgres(options);
  try {
    expect(await query(second.connectionString, 'select note from kept')).toEqual([{ note: 'still here' }]);
    expect(logs).toHaveLength(1); // not initialised again
  } finally {
    await second.stop();
  }
});
