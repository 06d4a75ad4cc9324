// Issue 27 item 3: Backup Database streams a pg_dump custom-format archive to admins only, audited,
// restorable; a missing or too old pg_dump gives a clear error instead of a broken file.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { Role } from '@mastering/contracts';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import {
  BACKUP_AUDIT_SECTION,
  backupFileName,
  missingPgDumpMessage,
  parsePgDumpMajor,
  pgConnection,
  startBackup,
} from '../../src/backup/service';
import { ago, identityAs, opsPerFile, seedOrder } from '../support';

const ctx = opsPerFile();
let adminId: string;
beforeAll(async () => {
  [{ id: adminId }] = await ctx.db
    .knex('users')
    .insert({ email: 'owner@example.com', role: 'admin', isActive: true })
    .returning('id');
  await seedOrder(ctx.db.knex, { email: 'a@example.com', status: 'delivered', totalCents: 64900, at: ago(3) });
  await seedOrder(ctx.db.knex, { email: 'b@example.com', status: 'payment_confirmed', totalCents: 129800, at: ago(1) });
});

const backup = async (role?: Role) =>
  fetch(`${ctx.base}/api/admin/settings/backup`, {
    method: 'POST',
    headers: role ? await identityAs(role, adminId, 'owner@example.com') : {},
  });
const backupAudits = async () =>
  (await ctx.db.knex('settings_audit').select('sections', 'changedBy')).filter((row) =>
    (row.sections as string[]).includes(BACKUP_AUDIT_SECTION),
  );

// CI installs Debian's postgresql-client (.ci/run), so there this always runs.
const pgDump = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
const noPgDump = pgDump.error ? 'pg_dump is not on PATH (apt-get install postgresql-client)' : null;
if (noPgDump) console.log(`Skipping the backup restore test: ${noPgDump}`);

describe('POST /api/admin/settings/backup', () => {
  it('is for admins only, and a refused request records nothing', async () => {
    expect((await backup()).status).toBe(401);
    expect((await backup('engineer')).status).toBe(403);
    expect((await backup('customer')).status).toBe(403);
    expect(await backupAudits()).toEqual([]);
  });

  it.skipIf(noPgDump)('streams a custom-format dump that restores with the same row count in every table', async () => {
    const res = await backup('admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${backupFileName()}"`);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('PGDMP'); // the custom format's magic

    const folder = await tempFolder('backup-test');
    let fresh: TestDatabase | undefined;
    try {
      const file = path.join(folder.dir, 'mastering.dump');
      await writeFile(file, bytes);
      fresh = await createTestDatabase({ migrate: false });
      const { args, env } = pgConnection(fresh.connectionString);
      const restore = spawnSync('pg_restore', [...args, '--exit-on-error', '--no-owner', file], {
        env,
        encoding: 'utf8',
      });
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);
      const original = await rowCounts(ctx.db.knex);
      expect(original.orders).toBe(2);
      // The dump is a snapshot from before its own audit row was written.
      expect(await rowCounts(fresh.knex)).toEqual({ ...original, settings_audit: original.settings_audit - 1 });
    } finally {
      await fresh?.destroy();
      await folder.remove();
    }
    expect(await backupAudits()).toEqual([{ sections: [BACKUP_AUDIT_SECTION], changedBy: adminId }]);
  });
});

describe('startBackup without a usable pg_dump', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  beforeAll(async () => {
    folder = await tempFolder('backup-bin');
  });
  afterAll(() => folder.remove());

  const server = async () => {
    const { rows } = await ctx.db.knex.raw('show server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  };

  it('says pg_dump is needed when there is none, and records nothing', async () => {
    const before = (await backupAudits()).length;
    const deps = { knex: ctx.db.knex, databaseUrl: ctx.db.connectionString, pgBinDir: folder.dir };
    const message = missingPgDumpMessage(await server());
    await expect(startBackup(deps, adminId)).rejects.toMatchObject({ status: 503, message });
    expect(missingPgDumpMessage(15)).toBe('Backups need pg_dump 15 or newer; install postgresql-client');
    expect(await backupAudits()).toHaveLength(before);
  });

  it('refuses a pg_dump older than the server instead of sending a broken file', async () => {
    const dir = path.join(folder.dir, 'old');
    await mkdir(dir);
    await writeFile(path.join(dir, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    await chmod(path.join(dir, 'pg_dump'), 0o755);
    const deps = { knex: ctx.db.knex, databaseUrl: ctx.db.connectionString, pgBinDir: dir };
    const message = missingPgDumpMessage(await server());
    await expect(startBackup(deps, adminId)).rejects.toMatchObject({ status: 503, message });
  });
});

describe('pgConnection', () => {
  it('passes the password only through PGPASSWORD, never in the arguments', () => {
    const { args, env } = pgConnection('postgres://app%40x:s%3Acret@db.example:6543/mastering?sslmode=require');
    expect(args).toEqual([
      '--no-password',
      '--host=db.example',
      '--port=6543',
      '--username=app@x',
      '--dbname=mastering',
    ]);
    expect(args.join(' ')).not.toContain('s:cret');
    expect(env.PGPASSWORD).toBe('s:cret');
    expect(env.PGSSLMODE).toBe('require');
  });
});

describe('parsePgDumpMajor', () => {
  it('reads the major version from pg_dump --version', () => {
    expect(parsePgDumpMajor('pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n')).toBe(15);
    expect(parsePgDumpMajor('pg_dump (PostgreSQL) 18.0\n')).toBe(18);
    expect(parsePgDumpMajor('something else')).toBeNull();
  });
});

/** The number of rows in every table of the database, by schema-qualified name. */
async function rowCounts(knex: Knex): Promise<Record<string, number>> {
  const { rows } = await knex.raw<{ rows: { schemaname: string; tablename: string }[] }>(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const counts: Record<string, number> = {};
  for (const { schemaname, tablename } of rows) {
    const name = schemaname === 'public' ? tablename : `${schemaname}.${tablename}`;
    const [{ count }] = (await knex.withSchema(schemaname).from(tablename).count({ count: '*' })) as {
      count: string;
    }[];
    counts[name] = Number(count);
  }
  expect(Object.keys(counts).length).toBeGreaterThan(10);
  return counts;
}
