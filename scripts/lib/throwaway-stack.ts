// The whole site on free ports in a temporary folder, for journeys and benchmarks: it never clashes
// with `npm start` or another run, and leaves nothing behind once stopped.
import { rmSync } from 'node:fs';
import { freePort, postgresTempDir } from '@mastering/db';
import { portVariable, type UpstreamService } from '@mastering/service-kit/ports';
import { SERVICES } from './services';
import { stackSecrets } from './secrets';
import { startStack, type Stack } from './stack';
import type { ProcessSpec } from './supervisor';

export type ThrowawayStack = {
  stack: Stack;
  /** The environment the stack was started with (ports, secrets), for more processes beside it. */
  env: Record<string, string>;
  dataDir: string;
  /** The services' own ports, for processes that talk to them directly. */
  ports: Record<UpstreamService, number>;
  /** True once a child died unexpectedly (its output is printed then). */
  failed: () => boolean;
  /** Stops every process and removes the data folder. */
  stop: () => Promise<void>;
};

/**
 * Free ports and a temp folder named `prefix` for a whole site, and the environment that puts it
 * there with its own database, inbox and Yoco sandbox (its secrets are made up in that folder), under
 * `settings` (e.g. `STORAGE_DRIVER=s3`: its own bucket too, s3rver in that folder).
 */
export async function throwawaySite(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<Pick<ThrowawayStack, 'env' | 'dataDir' | 'ports'>> {
  const dataDir = postgresTempDir(prefix);
  const [pg, smtp, inbox, ...servicePorts] = await Promise.all(
    Array.from({ length: 3 + SERVICES.length }, () => freePort()),
  );
  const ports = Object.fromEntries(SERVICES.map((name, i) => [name, servicePorts[i]!])) as Record<
    (typeof SERVICES)[number],
    number
  >;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    // Every service's port variable (PORT for the gateway, STOREFRONT_PORT, ..., YOCO_SANDBOX_PORT).
    ...Object.fromEntries(SERVICES.map((name) => [portVariable(name), String(ports[name])])),
    // One origin for the browser, the links and the payment returns (cookies are per host).
    PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
    PG_PORT: String(pg),
    MAILDEV_SMTP_PORT: String(smtp),
    MAILDEV_WEB_PORT: String(inbox),
    ADMIN_EMAIL: 'admin@example.com',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  // Its own database, inbox and the local Yoco sandbox, whatever the shell's settings say.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.YOCO_SECRET_KEY;
  delete env.IDENTITY_SECRET;
  delete env.IDENTITY_SECRETS_PREVIOUS;
  // Asked for S3 without naming a server: the stack's own s3rver (createStack), not the shell's bucket.
  if (settings.STORAGE_DRIVER === 's3' && !settings.S3_ENDPOINT) delete env.S3_ENDPOINT;
  return {
    env,
    dataDir,
    ports: { storefront: ports.storefront, ops: ports.ops, content: ports.content, email: ports.email },
  };
}

/**
 * Starts the site (embedded PostgreSQL, MailDev, the Yoco sandbox) on free ports under a temp folder named
 * `prefix`, under `settings` (see throwawaySite); `extraProcesses` (given the folder; each runs with the
 * stack's environment under its own settings) start with it, in one table.
 */
export async function startThrowawayStack(
  prefix: string,
  log: (line: string) => void = console.log,
  extraProcesses?: (dataDir: string) => ProcessSpec[],
  settings?: Record<string, string>,
): Promise<ThrowawayStack> {
  const { env, dataDir, ports } = await throwawaySite(prefix, settings);
  let failed = false;
  const stack = await startStack({
    dataDir,
    env,
    log,
    ...(extraProcesses && { extraProcesses: () => extraProcesses(dataDir) }),
    onDeath: (name, code, tail) => {
      failed = true;
      console.error(`✖ ${name} exited (code ${code}):\n${tail.join('\n')}`);
    },
  });
  return {
    stack,
    // With the secrets the stack made in its folder, so a process started beside it (a second gateway)
    // signs and verifies with the same keys.
    env: { ...env, ...(await stackSecrets(dataDir, env)) },
    dataDir,
    ports,
    failed: () => failed,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
