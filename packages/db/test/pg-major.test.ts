// Issue 27 item 3: the embedded server is PostgreSQL 15 (so Debian's pg_dump 15 can back it up); a data
// folder made by PostgreSQL 18 cannot be opened by it, so it is moved aside (never deleted) and a fresh
// cluster is made.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { majorOf, setAsideOtherMajor } from '../src/embedded-postgres';
import { startEmbeddedPostgres } from '../src/index';
import { freePort } from '../src/testing';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pg-major-test-'));
  await chmod(dir, 0o755); // as root, the postgres user must reach the data folder inside
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A data folder as another PostgreSQL major left it, with its password file beside it. */
async function oldCluster(dataDir: string, major: string) {
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'PG_VERSION'), `${major}\n`);
  await writeFile(path.join(dataDir, 'precious'), 'the old data');
  await writeFile(`${dataDir}.password`, 'old-password\n');
}

describe('setAsideOtherMajor', () => {
  it('moves a cluster of another major, with its password file, beside itself and says where', async () => {
    const dataDir = path.join(dir, 'postgres');
    await oldCluster(dataDir, '18');
    const logs: string[] = [];
    await setAsideOtherMajor(dataDir, '15', (m) => logs.push(m));

    const entries = (await readdir(dir)).sort();
    const aside = entries.find((e) => /^postgres\.pg18-[\dTZ-]+$/.test(e));
    expect(aside).toBeDefined();
    expect(entries).toEqual([aside, `${aside}.password`]);
    expect(await readFile(path.join(dir, aside!, 'precious'), 'utf8')).toBe('the old data');
    expect(await readFile(path.join(dir, `${aside}.password`), 'utf8')).toBe('old-password\n');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('holds a PostgreSQL 18 cluster, which PostgreSQL 15 cannot open');
    expect(logs[0]).toContain(path.join(dir, aside!));
  });

  it('leaves a cluster of the same major, and a missing folder, alone', async () => {
    const dataDir = path.join(dir, 'postgres');
    await setAsideOtherMajor(dataDir, '15', () => {});
    await oldCluster(dataDir, '15');
    await setAsideOtherMajor(dataDir, '15', () => {});
    expect((await readdir(dir)).sort()).toEqual(['postgres', 'postgres.password']);
  });

  it('reads the major of a package version', () => {
    expect(majorOf('15.18.0-beta.17')).toBe('15');
  });
});

it('starts PostgreSQL 15 on a fresh cluster where PostgreSQL 18 had left its data folder', async () => {
  const dataDir = path.join(dir, 'postgres');
  await oldCluster(dataDir, '18');
  const logs: string[] = [];
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    durable: false,
    log: (m) => logs.push(m),
  });
  try {
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    const { rows } = await client.query('show server_version_num');
    await client.end();
    expect(Math.floor(Number(rows[0].server_version_num) / 10_000)).toBe(15);
    expect(logs.some((m) => m.includes('holds a PostgreSQL 18 cluster'))).toBe(true);
    expect((await readdir(dir)).some((e) => e.startsWith('postgres.pg18-'))).toBe(true);
  } finally {
    await server.stop();
  }
});
