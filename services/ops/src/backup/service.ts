import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { SettingsAudit } from '@mastering/db';
import { Unavailable } from '@mastering/service-kit';

const run = promisify(execFile);

/** Where the backup reads from and which pg_dump it runs. */
export type BackupDeps = {
  knex: Knex;
  /** The app database's connection string (DATABASE_URL). */
  databaseUrl: string;
  /** Folder holding pg_dump (PG_BIN_DIR); unset: pg_dump is looked up on PATH. */
  pgBinDir?: string;
};

/** How a backup shows in Settings → Recent changes. */
export const BACKUP_AUDIT_SECTION = 'database backup';

/** The download's name: `mastering-<date>.dump`, the date in UTC. */
export const backupFileName = (now = new Date()) => `mastering-${now.toISOString().slice(0, 10)}.dump`;

/** What the admin reads when no usable pg_dump is installed; `serverMajor` is the oldest pg_dump that can read the server. */
export const missingPgDumpMessage = (serverMajor: number) =>
  `Backups need pg_dump ${serverMajor} or newer; install postgresql-client`;

/** The major version in `pg_dump --version` output ("pg_dump (PostgreSQL) 15.18 (Debian ...)"), or null. */
export function parsePgDumpMajor(versionOutput: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionOutput);
  return match ? Number(match[1]) : null;
}

/** The pg_dump program to run: in `pgBinDir` when set, else found on PATH by the spawn. */
export const pgDumpPath = (pgBinDir?: string) => (pgBinDir ? path.join(pgBinDir, 'pg_dump') : 'pg_dump');

/** The installed pg_dump's major version, or null when there is none (or it does not say). */
async function pgDumpMajor(program: string): Promise<number | null> {
  try {
    const { stdout } = await run(program, ['--version']);
    return parsePgDumpMajor(stdout);
  } catch {
    return null;
  }
}

/** The database server's major version (e.g. 15 for 15.18). */
async function serverMajor(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { server_version_num: string }[] }>('show server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10_000);
}

/**
 * How a PostgreSQL client program (pg_dump, pg_restore) reaches `databaseUrl`: host, port, user and
 * database as flags, the password only in PGPASSWORD (argv is readable by every user of the machine)
 * and sslmode in PGSSLMODE.
 */
export function pgConnection(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const args = ['--no-password'];
  if (url.hostname) args.push(`--host=${decodeURIComponent(url.hostname)}`);
  if (url.port) args.push(`--port=${url.port}`);
  if (url.username) args.push(`--username=${decodeURIComponent(url.username)}`);
  args.push(`--dbname=${decodeURIComponent(url.pathname.slice(1))}`);
  const env: NodeJS.ProcessEnv = { ...process.env, LC_MESSAGES: 'C' };
  delete env.PGPASSWORD;
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return { args, env };
}

/**
 * Starts a `pg_dump --format=custom` of the app database and records who asked (a settings audit row).
 * Resolves with the archive as a stream once pg_dump has written its first bytes, so a pg_dump that
 * is missing, too old for the server, or refused by the database fails here with a clear 503 instead
 * of a broken file. A failure later on breaks the stream (the download fails, never looks complete);
 * `abort` stops pg_dump (the admin went away).
 */
export async function startBackup(deps: BackupDeps, userId: string): Promise<{ archive: Readable; abort: () => void }> {
  const program = pgDumpPath(deps.pgBinDir);
  const [dumpMajor, needed] = await Promise.all([pgDumpMajor(program), serverMajor(deps.knex)]);
  // pg_dump refuses a server newer than itself; say so before any byte is sent.
  if (dumpMajor === null || dumpMajor < needed) throw new Unavailable(missingPgDumpMessage(needed));

  const { args, env } = pgConnection(deps.databaseUrl);
  const child = spawn(program, ['--format=custom', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  // Into the download from pg_dump's first byte on: a stream that is only watched ('readable') until the
  // download starts can drop what pg_dump wrote in between (the backup test caught empty downloads).
  const archive = new PassThrough();
  child.stdout.pipe(archive, { end: false });

  // Wait for the first bytes (or the end): only then is the download worth starting.
  const waiting = new AbortController();
  const first = await Promise.race([
    once(child.stdout, 'data', { signal: waiting.signal }).then(
      () => 'data' as const,
      () => 'exit' as const, // aborted: the exit won
    ),
    exited.then(() => 'exit' as const),
  ]).finally(() => waiting.abort());
  if (first === 'exit' && child.exitCode !== 0) {
    archive.destroy();
    const failed = new Unavailable('The backup could not read the database; see the ops service log');
    // The request log prints the error with its cause: pg_dump's own words, for whoever reads the log.
    failed.cause = new Error(`pg_dump exit code ${child.exitCode}: ${stderr.trim()}`);
    throw failed;
  }

  await SettingsAudit.query(deps.knex).insert({ changedBy: userId, sections: [BACKUP_AUDIT_SECTION] });

  void exited.then(([code, signal]) => {
    if (code === 0) archive.end();
    else archive.destroy(new Error(`pg_dump failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
  });
  return {
    archive,
    abort: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
