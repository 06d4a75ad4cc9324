import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
// The database layer (pg, knex, objection: a fifth of a second to load) is imported when the database
// starts, so `npm start` spawns MailDev first, while one core is otherwise idle.
import { freePort } from '@mastering/db/free-port';
import type { SeedResult } from '@mastering/db';
import { buildApps } from './build';
import { stackSecrets } from './secrets';
import {
  SERVICE_PORTS,
  UPSTREAM_SERVICES,
  portVariable,
  urlVariable,
  type UpstreamService,
} from '@mastering/service-kit/ports';
import { bundleServices, serviceCommand, type ServiceName } from './services';
import { bin, ROOT } from './paths';
import { Supervisor, type OnDeath, type ProcessSpec } from './supervisor';
import { REPLICA_RESTARTS } from './restart-policy';
import { balancerConfig, haproxyBinary } from './balancer';

export type StackOptions = {
  /** Folder for PostgreSQL data, storage and logs (`.data` for `npm start`). */
  dataDir: string;
  /** Environment the stack reads (process.env plus overrides). */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /**
   * Called when a child dies unexpectedly: at once with one of each; in replica mode a dead process is
   * started again (REPLICA_RESTARTS) and this is called only when it keeps crashing, with the reason.
   */
  onDeath: OnDeath;
  /** false skips building the front-end apps (a test of the API alone); default true. */
  buildFrontEnd?: boolean;
  // What a benchmark composes differently (`npm start` and the journeys leave these out):
  /** The upstream services that run (default all); the gateway finds each other one at its `<NAME>_URL` in `env`. */
  services?: readonly UpstreamService[];
  /** Settings for single processes, by process name (e.g. the gateway's LOG_LEVEL). */
  processEnv?: Record<string, Record<string, string>>;
  /** More processes started with the table, given the stack's environment (e.g. a second gateway). */
  extraProcesses?: (env: Record<string, string>) => ProcessSpec[];
  /** false: PostgreSQL trades crash safety for speed (throwaway benchmark data); default true. */
  durableDatabase?: boolean;
};

export type Stack = {
  siteUrl: string;
  inboxUrl: string | null;
  databaseUrl: string;
  adminEmail: string;
  embeddedDatabase: boolean;
  /** The settings of the S3 the stack started itself (s3rver, for STORAGE_DRIVER=s3 without S3_ENDPOINT), else null. */
  localS3: Record<string, string> | null;
  /** The local Yoco sandbox's address, or null when real Yoco keys are configured. */
  yocoSandboxUrl: string | null;
  /** Each gateway replica's address (REPLICAS of them; in replica mode HAProxy on the site's address spreads over these). */
  gatewayUrls: string[];
  /** The process names of the table (`storefront`, `storefront-2`, ..., `gateway`), in start order. */
  processes: string[];
  /** The process id of a process of the table (a benchmark reads its memory). */
  pidOf: (name: string) => number | undefined;
  /** True when the newest process of the table started under `name` runs and is ready. */
  isReady: (name: string) => boolean;
  /** Restarts the embedded PostgreSQL (the replica test's fault); rejects when DATABASE_URL names another. */
  restartDatabase: () => Promise<void>;
  stop: () => Promise<void>;
};

const port = (env: NodeJS.ProcessEnv, name: string, fallback: number) => Number(env[name] ?? fallback);

/** The port a service of the stack listens on: its `<NAME>_PORT` (the gateway's PORT), else its default. */
export const servicePort = (env: NodeJS.ProcessEnv, name: ServiceName) =>
  port(env, portVariable(name), SERVICE_PORTS[name]);

/** How many of each service and of the gateway run: REPLICAS (default 1). */
export function replicaCount(env: NodeJS.ProcessEnv): number {
  const count = Number(env.REPLICAS ?? 1);
  if (!Number.isInteger(count) || count < 1 || count > 9)
    throw new Error(`REPLICAS must be a whole number from 1 to 9 (got "${env.REPLICAS}")`);
  return count;
}

/** Ports between one replica of a service and the next (storefront 4001, 4101, ...): REPLICA_PORT_STEP, default 100. */
const replicaPortStep = (env: NodeJS.ProcessEnv) => port(env, 'REPLICA_PORT_STEP', 100);

/** True with more than one of each (REPLICAS above 1): HAProxy then holds the site's address. */
export const behindBalancer = (env: NodeJS.ProcessEnv) => replicaCount(env) > 1;

/**
 * Where the first of a service's replicas listens: its port; behind the balancer, which holds PORT,
 * the first gateway's is GATEWAYS_PORT (default PORT + 1).
 */
function firstReplicaPort(env: NodeJS.ProcessEnv, name: ServiceName): number {
  if (name !== 'gateway' || !behindBalancer(env)) return servicePort(env, name);
  return port(env, 'GATEWAYS_PORT', servicePort(env, 'gateway') + 1);
}

/** Replica `index` (0 is the first) of a service: its process name (`storefront`, `storefront-2`) and port. */
export function replica(env: NodeJS.ProcessEnv, name: ServiceName, index: number): { name: string; port: number } {
  return {
    name: index === 0 ? name : `${name}-${index + 1}`,
    port: firstReplicaPort(env, name) + index * replicaPortStep(env),
  };
}

/** Every replica of a service (REPLICAS of them). */
export const replicasOf = (env: NodeJS.ProcessEnv, name: ServiceName) =>
  Array.from({ length: replicaCount(env) }, (_, i) => replica(env, name, i));

/**
 * The `<NAME>_URL` settings of the upstream services a stack leaves out: each as `env` gives it (a
 * benchmark's stub); a missing one is an error, not a gateway proxying to nothing.
 */
export function upstreamsElsewhere(
  env: NodeJS.ProcessEnv,
  running: readonly UpstreamService[],
): Record<string, string> {
  return Object.fromEntries(
    UPSTREAM_SERVICES.filter((name) => !running.includes(name)).map((name) => {
      const url = env[urlVariable(name)];
      if (!url) throw new Error(`${name} does not run in this stack: set ${urlVariable(name)} to where it answers`);
      return [urlVariable(name), url];
    }),
  );
}

/** The gateway's `<NAME>_URL` settings: each upstream service's replicas on loopback, comma-separated. */
export function upstreamUrls(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    UPSTREAM_SERVICES.map((name) => [
      urlVariable(name),
      replicasOf(env, name)
        .map((r) => `http://127.0.0.1:${r.port}`)
        .join(','),
    ]),
  );
}

/**
 * Settings for a run without Yoco keys: every service talks to the local sandbox with a test key and
 * webhook secret made up for this run (nothing signed in one run is accepted in the next).
 */
export function yocoSandboxSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    YOCO_API_URL: `http://127.0.0.1:${servicePort(env, 'yoco-sandbox')}`,
    YOCO_SECRET_KEY: `sk_test_sandbox${randomBytes(16).toString('hex')}`,
    YOCO_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    YOCO_SANDBOX: 'true',
  };
}

/**
 * MailDev, the local inbox, on MAILDEV_SMTP_PORT (1025) and MAILDEV_WEB_PORT (1080); it keeps its mails
 * in MAILDEV_MAIL_DIRECTORY (the stack sets it to its own folder), the newest MAILDEV_KEEP_EMAILS of them
 * (500; 0 keeps all, as the replica test that reads back every mail needs).
 */
export function maildevProcess(env: NodeJS.ProcessEnv): ProcessSpec {
  const smtpPort = port(env, 'MAILDEV_SMTP_PORT', 1025);
  const webPort = port(env, 'MAILDEV_WEB_PORT', 1080);
  return {
    name: 'maildev',
    command: bin('maildev'),
    args: [
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--max-emails',
      String(env.MAILDEV_KEEP_EMAILS ?? 500),
    ],
    readyUrl: `http://127.0.0.1:${webPort}/api/healthz`,
  };
}

/**
 * The process table: every long-running process of the local stack, one row each (stopped in
 * reverse order). MailDev and the Yoco sandbox are rows only when no real SMTP server / Yoco key is set.
 * Each service and the gateway have REPLICAS rows, each replica on its own port (see `replica`).
 */
export function processTable(
  env: Record<string, string>,
  useMaildev: boolean,
  useYocoSandbox = false,
  services: readonly UpstreamService[] = UPSTREAM_SERVICES,
): ProcessSpec[] {
  const service = (name: ServiceName): ProcessSpec[] =>
    replicasOf(env, name).map((r) => ({
      name: r.name,
      ...serviceCommand(name),
      env: { PORT: String(r.port) },
      readyUrl: `http://127.0.0.1:${r.port}/readyz`,
    }));
  const sitePort = servicePort(env, 'gateway');
  const sandboxPort = servicePort(env, 'yoco-sandbox');
  const rows: (ProcessSpec | false)[] = [
    useMaildev && maildevProcess(env),
    useYocoSandbox && {
      name: 'yoco-sandbox',
      ...serviceCommand('yoco-sandbox'),
      // Webhooks go through the gateway, the way Yoco reaches the site from outside.
      env: {
        PORT: String(sandboxPort),
        YOCO_WEBHOOK_URL: env.YOCO_WEBHOOK_URL ?? `http://127.0.0.1:${sitePort}/api/payment/webhook`,
      },
      readyUrl: `http://127.0.0.1:${sandboxPort}/healthz`,
    },
    ...services.flatMap(service),
    ...replicasOf(env, 'gateway').map((r) => ({
      name: r.name,
      ...serviceCommand('gateway'),
      // Behind the balancer: on loopback only, and believing the one hop in front about the client.
      env: { PORT: String(r.port), ...(behindBalancer(env) ? { HOST: '127.0.0.1', TRUST_PROXY_HOPS: '1' } : {}) },
      readyUrl: `http://127.0.0.1:${r.port}/healthz`,
    })),
    behindBalancer(env) && balancerProcess(env),
  ];
  return rows.filter((r): r is ProcessSpec => Boolean(r));
}

/** Where the balancer's configuration is written (in the stack's folder, beside its logs). */
export const balancerConfigFile = (dataDir: string) => path.join(dataDir, 'haproxy.cfg');

/**
 * The balancer's row: HAProxy in the foreground (-db) on the site's address, reading the file
 * `writeBalancerConfig` wrote (BALANCER_CONFIG, set by the stack); ready when a gateway answers through it.
 */
export function balancerProcess(env: NodeJS.ProcessEnv): ProcessSpec {
  const sitePort = servicePort(env, 'gateway');
  return {
    name: 'balancer',
    command: haproxyBinary(env),
    args: ['-db', '-f', env.BALANCER_CONFIG ?? 'haproxy.cfg'],
    readyUrl: `http://127.0.0.1:${sitePort}/healthz`,
  };
}

/** HAProxy's configuration for this stack's gateways (see balancer.ts). */
export function stackBalancerConfig(env: NodeJS.ProcessEnv): string {
  return balancerConfig({
    host: env.HOST ?? '0.0.0.0',
    port: servicePort(env, 'gateway'),
    gateways: replicasOf(env, 'gateway'),
  });
}

/**
 * Rejects, naming them, when any port the stack's processes listen on is taken: most often by another
 * `npm start` of the same folder, whose PostgreSQL the database step would otherwise stop as one "left
 * running" before this stack's services failed to bind their ports.
 */
export async function assertPortsFree(
  env: NodeJS.ProcessEnv,
  useMaildev: boolean,
  useYocoSandbox: boolean,
  services: readonly UpstreamService[] = UPSTREAM_SERVICES,
): Promise<void> {
  const table = processTable(env as Record<string, string>, useMaildev, useYocoSandbox, services);
  const ports = table.map((spec) => Number(new URL(spec.readyUrl!).port));
  if (useMaildev) ports.push(port(env, 'MAILDEV_SMTP_PORT', 1025));
  const taken: number[] = [];
  for (const wanted of ports) await freePort(wanted).catch(() => taken.push(wanted));
  if (taken.length > 0)
    throw new Error(
      `port ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} in use: is another \`npm start\` running? Stop it first, or give this one other ports (PORT, PG_PORT and the others in .env.example).`,
    );
}

/** A database ready for the stack's services: its URL, whether it is the embedded one, and what the seed made. */
export type StackDatabase = {
  databaseUrl: string;
  embedded: boolean;
  seeded: SeedResult;
  /** Stops the embedded PostgreSQL (fast shutdown: sessions cut) and starts it again on the same port. */
  restart?: () => Promise<void>;
};

/**
 * The stack's database step, shared by `npm start`, the journeys and the benchmarks: embedded
 * PostgreSQL in `<dataDir>/postgres` on PG_PORT (unless `env.DATABASE_URL` names one), adopted by
 * `supervisor` so it stops after every service, then migrated and seeded (the embedded one with demo
 * content, its media into `storageDir`; one of DATABASE_URL without).
 * `durable: false` trades crash safety for speed (throwaway benchmark data).
 */
export async function startDatabase({
  dataDir,
  env,
  supervisor,
  storageDir,
  adminEmail = 'admin@example.com',
  durable = true,
  log = () => {},
}: {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  supervisor: Supervisor;
  storageDir: string;
  adminEmail?: string;
  durable?: boolean;
  log?: (line: string) => void;
}): Promise<StackDatabase> {
  const [{ createKnex, migrateLatest, seed, startEmbeddedPostgres }, { createStorage, readStorageConfig }] =
    await Promise.all([import('@mastering/db'), import('@mastering/storage')]);
  let databaseUrl = env.DATABASE_URL;
  const embedded = !databaseUrl;
  let restart: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const options = {
      dataDir: path.join(dataDir, 'postgres'),
      // Below the kernel's range of outgoing ports (see .env.example).
      port: port(env, 'PG_PORT', 15432),
      durable,
      log,
    };
    let pg = await startEmbeddedPostgres(options);
    // Stopped after every child; at once if a stop was requested while it was starting.
    await supervisor.adopt('PostgreSQL', () => pg.stop());
    restart = async () => {
      await pg.stop();
      pg = await startEmbeddedPostgres(options);
    };
    databaseUrl = pg.connectionString;
    log(`PostgreSQL (embedded) on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, data in ${pg.dataDir}`);
  }
  const knex = createKnex(databaseUrl);
  try {
    await migrateLatest(knex);
    const seeded = await seed(knex, {
      adminEmail,
      storage: createStorage(readStorageConfig({ ...env, STORAGE_DIR: storageDir })),
      // Demo showcase tracks and testimonials only in the embedded default: a database of one's own
      // (DATABASE_URL) is a real install, which starts with no invented content.
      demo: embedded,
    });
    return { databaseUrl, embedded, seeded, restart };
  } finally {
    await knex.destroy();
  }
}

/** The local stack before, during and after start: `stop()` works at any of those moments. */
export type LocalStack = {
  /** Brings everything up; rejects with the cause if a step fails (everything started is stopped first). */
  start(): Promise<Stack>;
  /**
   * Stops everything started so far, also while `start()` is still running: no new process starts
   * after this, one still starting is stopped, and embedded PostgreSQL is stopped last. Resolves
   * when all of it has exited; rejects if something could not be stopped.
   */
  stop(): Promise<void>;
};

/**
 * The whole site, not started yet: `start()` builds the front-end apps that are stale and bundles the
 * services, starts embedded PostgreSQL (unless DATABASE_URL is set) and, with STORAGE_DRIVER=s3 but no
 * S3_ENDPOINT, an in-process S3 (s3rver), migrates and seeds, starts
 * MailDev (unless SMTP_URL is set), the services and the gateway.
 */
export function createStack({
  dataDir,
  env: given,
  log,
  onDeath,
  buildFrontEnd = true,
  services = UPSTREAM_SERVICES,
  processEnv = {},
  extraProcesses = () => [],
  durableDatabase = true,
}: StackOptions): LocalStack {
  // Replica mode keeps serving: a dead replica is started again while the others serve. (An invalid
  // REPLICAS is reported by start().)
  const replicaMode = (() => {
    try {
      return behindBalancer(given);
    } catch {
      return false;
    }
  })();
  const supervisor = new Supervisor(path.join(dataDir, 'logs'), onDeath, {
    restart: replicaMode ? REPLICA_RESTARTS : undefined,
    onRestart: (name, ended, delayMs, crashes) =>
      log(
        `↻ ${name} exited (${ended}); starting it again in ${delayMs / 1000} s (crash ${crashes} of ${REPLICA_RESTARTS.maxCrashes - 1} allowed within ${REPLICA_RESTARTS.windowMs / 1000} s)`,
      ),
  });
  let starting: Promise<Stack> | null = null;
  let stopping: Promise<void> | null = null;

  const bringUp = async (): Promise<Stack> => {
    let env = given;
    let localS3: Record<string, string> | null = null;
    const { signal } = supervisor;
    // Before anything starts or is stopped (a PostgreSQL "left running" may be another stack's).
    await assertPortsFree(env, !env.SMTP_URL, !env.YOCO_SECRET_KEY, services);
    const storageDir = env.STORAGE_DIR ?? path.join(dataDir, 'storage');
    const adminEmail = env.ADMIN_EMAIL ?? 'admin@example.com';
    // The database (and a local S3) and the inbox need nothing else: they start first and come up while
    // the apps are checked and built and the services bundled. All are awaited before any failure is
    // reported, so nothing is left starting.
    const database = (async () => {
      // STORAGE_DRIVER=s3 with no S3_ENDPOINT: an S3 API in this process, shared by every replica.
      if (env.STORAGE_DRIVER === 's3' && !env.S3_ENDPOINT) {
        // Loaded only here: s3rver and the AWS SDK are a second of start-up that the default stack never uses.
        const { startLocalS3 } = await import('./local-s3');
        const s3 = await startLocalS3(dataDir, env);
        await supervisor.adopt('S3', s3.stop);
        localS3 = s3.settings;
        env = { ...env, ...s3.settings };
        log(`S3 (s3rver) on ${s3.settings.S3_ENDPOINT}, objects in ${path.join(dataDir, 's3')}`);
      }
      return startDatabase({ dataDir, env, supervisor, storageDir, adminEmail, durable: durableDatabase, log });
    })();
    const useMaildev = !env.SMTP_URL;
    // MailDev keeps its mails in this stack's folder (and shows them again after a restart); its
    // default, one /tmp/maildev for every stack, let a starting MailDev prune another stack's inbox.
    const mailDirectory = env.MAILDEV_MAIL_DIRECTORY ?? path.join(dataDir, 'maildev');
    const inbox = useMaildev
      ? supervisor
          .start({
            ...maildevProcess(env),
            env: { ...(env as Record<string, string>), MAILDEV_MAIL_DIRECTORY: mailDirectory, ...processEnv.maildev },
          })
          .then(() => log('  started maildev'))
      : undefined;
    // Awaited below; this only keeps a failure while something else is awaited from going unhandled.
    inbox?.catch(() => undefined);
    const building = Promise.all([buildFrontEnd ? buildApps({ log, signal }) : undefined, bundleServices()]);
    // The services need the builds and the database, not the inbox (mail is sent by a job, later): they
    // start while MailDev is still starting, and the stack is ready once both are.
    const steps = await Promise.allSettled([building, database]);
    if (steps.some((step) => step.status === 'rejected')) await inbox?.catch(() => undefined);
    for (const step of steps) if (step.status === 'rejected') throw step.reason;
    const {
      databaseUrl,
      embedded: embeddedDatabase,
      restart: restartDatabase,
    } = (steps[1] as PromiseFulfilledResult<StackDatabase>).value;
    supervisor.throwIfStopping('seed');

    // The address visitors use; locally it follows PORT, so links and payment returns reach this stack.
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${servicePort(env, 'gateway')}`;
    const useYocoSandbox = !env.YOCO_SECRET_KEY;
    const smtpUrl = env.SMTP_URL ?? `smtp://127.0.0.1:${port(env, 'MAILDEV_SMTP_PORT', 1025)}`;
    const shared: Record<string, string> = {
      ...(env as Record<string, string>),
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      STORAGE_DIR: storageDir,
      PUBLIC_URL: publicUrl,
      // Configured, else made up once for this data folder: links mailed before a restart keep working.
      ...(await stackSecrets(dataDir, env)),
      ...upstreamUrls(env),
      ...upstreamsElsewhere(env, services),
      ...(useYocoSandbox ? yocoSandboxSettings(env) : {}),
    };
    if (behindBalancer(env)) {
      shared.BALANCER_CONFIG = balancerConfigFile(dataDir);
      writeFileSync(shared.BALANCER_CONFIG, stackBalancerConfig(env));
    }
    // Nothing in the table needs another row to be up before it starts (services connect lazily),
    // so they all start at once; each is reported when its ready URL answers.
    const table = [...processTable(shared, false, useYocoSandbox, services), ...extraProcesses(shared)];
    const started = await Promise.allSettled([
      supervisor.startAll(
        table.map((spec) => ({ ...spec, env: { ...shared, ...spec.env, ...processEnv[spec.name] } })),
        (spec) => log(`  started ${spec.name}`),
      ),
      inbox,
    ]);
    for (const step of started) if (step.status === 'rejected') throw step.reason;
    return {
      siteUrl: publicUrl,
      inboxUrl: useMaildev ? `http://localhost:${port(env, 'MAILDEV_WEB_PORT', 1080)}` : null,
      databaseUrl,
      adminEmail,
      embeddedDatabase,
      localS3,
      yocoSandboxUrl: useYocoSandbox ? shared.YOCO_API_URL : null,
      gatewayUrls: replicasOf(env, 'gateway').map((r) => `http://127.0.0.1:${r.port}`),
      processes: [...(useMaildev ? ['maildev'] : []), ...table.map((spec) => spec.name)],
      pidOf: (name) => supervisor.pidOf(name),
      isReady: (name) => supervisor.isReady(name),
      restartDatabase: async () => {
        if (!restartDatabase) throw new Error('DATABASE_URL names a database this stack did not start');
        await restartDatabase();
      },
      stop,
    };
  };

  const start = () =>
    (starting ??= bringUp().catch(async (err) => {
      // A failed start leaves nothing behind. (Not stop(): that waits for this very promise.)
      await supervisor.stopAll().catch((stopErr: Error) => log(`  (stop: ${stopErr.message})`));
      throw err;
    }));

  const stop = () =>
    (stopping ??= (async () => {
      const children = supervisor.stopAll();
      // Steps still running (a build, PostgreSQL starting) end at their next check; what they
      // started by then is stopped by adopt() or stopAll(), so wait for them before saying "stopped".
      await starting?.catch(() => undefined);
      await children;
    })());

  return { start, stop };
}

/** Starts the whole site (see createStack); a failed start stops what it started before rejecting. */
export async function startStack(options: StackOptions): Promise<Stack> {
  return createStack(options).start();
}

export { ROOT };
