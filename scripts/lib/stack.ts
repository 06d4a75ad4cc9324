import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createKnex, migrateLatest, seed, startEmbeddedPostgres } from '@mastering/db';
import { createStorage } from '@mastering/storage';
import { buildApps } from './build';
import { bundleServices, serviceCommand, type ServiceName } from './services';
import { bin, ROOT } from './paths';
import { Supervisor, type ProcessSpec } from './supervisor';

export type StackOptions = {
  /** Folder for PostgreSQL data, storage and logs (`.data` for `npm start`). */
  dataDir: string;
  /** Environment the stack reads (process.env plus overrides). */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Called when a child dies unexpectedly. */
  onDeath: (name: string, code: number | null, tail: string[]) => void;
};

export type Stack = {
  siteUrl: string;
  inboxUrl: string | null;
  databaseUrl: string;
  adminEmail: string;
  embeddedDatabase: boolean;
  stop: () => Promise<void>;
};

const port = (env: NodeJS.ProcessEnv, name: string, fallback: number) => Number(env[name] ?? fallback);

/**
 * The process table: every long-running process of the local stack, one row each (stopped in
 * reverse order). A new process (e.g. the Yoco sandbox) is one more row.
 */
export function processTable(env: Record<string, string>, useMaildev: boolean): ProcessSpec[] {
  const service = (name: ServiceName, portVar: string, fallback: number): ProcessSpec => {
    const p = port(env, portVar, fallback);
    return { name, ...serviceCommand(name), env: { PORT: String(p) }, readyUrl: `http://127.0.0.1:${p}/readyz` };
  };
  const smtpPort = port(env, 'MAILDEV_SMTP_PORT', 1025);
  const webPort = port(env, 'MAILDEV_WEB_PORT', 1080);
  const rows: (ProcessSpec | false)[] = [
    useMaildev && {
      name: 'maildev',
      command: bin('maildev'),
      args: ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--max-emails', '500'],
      readyUrl: `http://127.0.0.1:${webPort}/api/healthz`,
    },
    service('storefront', 'STOREFRONT_PORT', 4001),
    service('ops', 'OPS_PORT', 4002),
    service('content', 'CONTENT_PORT', 4003),
    service('email', 'EMAIL_PORT', 4004),
    {
      name: 'gateway',
      ...serviceCommand('gateway'),
      env: { PORT: String(port(env, 'PORT', 8080)) },
      readyUrl: `http://127.0.0.1:${port(env, 'PORT', 8080)}/healthz`,
    },
  ];
  return rows.filter((r): r is ProcessSpec => Boolean(r));
}

/**
 * Starts the whole site: builds the front-end apps that are stale and bundles the services, starts embedded PostgreSQL (unless DATABASE_URL is
 * set), migrates and seeds, starts MailDev (unless SMTP_URL is set), the services and the gateway.
 */
export async function startStack({ dataDir, env, log, onDeath }: StackOptions): Promise<Stack> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => log(`  (stop: ${err.message})`));
  };
  try {
    await Promise.all([buildApps({ log }), bundleServices()]);

    let databaseUrl = env.DATABASE_URL;
    const embeddedDatabase = !databaseUrl;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: port(env, 'PG_PORT', 54320) });
      cleanups.push(() => pg.stop());
      databaseUrl = pg.connectionString;
      log(`PostgreSQL (embedded) on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
    }

    const storageDir = env.STORAGE_DIR ?? path.join(dataDir, 'storage');
    const adminEmail = env.ADMIN_EMAIL ?? 'admin@example.com';
    const knex = createKnex(databaseUrl);
    try {
      await migrateLatest(knex);
      await seed(knex, { adminEmail, storage: createStorage({ driver: 'local', root: storageDir }) });
    } finally {
      await knex.destroy();
    }

    const useMaildev = !env.SMTP_URL;
    const smtpUrl = env.SMTP_URL ?? `smtp://127.0.0.1:${port(env, 'MAILDEV_SMTP_PORT', 1025)}`;
    const shared: Record<string, string> = {
      ...(env as Record<string, string>),
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      STORAGE_DIR: storageDir,
      // Per-run secret unless configured: identity tokens live a minute, so nothing outlives a restart.
      IDENTITY_SECRET: env.IDENTITY_SECRET ?? randomBytes(32).toString('hex'),
      STOREFRONT_URL: `http://127.0.0.1:${port(env, 'STOREFRONT_PORT', 4001)}`,
      OPS_URL: `http://127.0.0.1:${port(env, 'OPS_PORT', 4002)}`,
      CONTENT_URL: `http://127.0.0.1:${port(env, 'CONTENT_PORT', 4003)}`,
      EMAIL_URL: `http://127.0.0.1:${port(env, 'EMAIL_PORT', 4004)}`,
    };
    const supervisor = new Supervisor(path.join(dataDir, 'logs'), onDeath);
    cleanups.push(() => supervisor.stopAll());
    // Nothing in the table needs another row to be up before it starts (services connect lazily),
    // so they all start at once; each is reported when its ready URL answers.
    await Promise.all(
      processTable(shared, useMaildev).map(async (spec) => {
        await supervisor.start({ ...spec, env: { ...shared, ...spec.env } });
        log(`  started ${spec.name}`);
      }),
    );
    return {
      siteUrl: `http://localhost:${port(env, 'PORT', 8080)}`,
      inboxUrl: useMaildev ? `http://localhost:${port(env, 'MAILDEV_WEB_PORT', 1080)}` : null,
      databaseUrl,
      adminEmail,
      embeddedDatabase,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export { ROOT };
