// PostgreSQL restarting under traffic must not take the services down: while it is away they answer
// 503 (not 500, and they do not crash), and once it is back they answer again without a restart.
// The storefront and email services are the two with a job queue (its own pool and LISTEN connection).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKnex,
  freePort,
  migrateLatest,
  postgresTempDir,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '@mastering/db';
import { bundleServices, serviceCommand, type ServiceName } from '../lib/services';
import { ROOT } from '../lib/paths';

const SERVICES: ServiceName[] = ['storefront', 'email'];
let dir: string;
let pgPort: number;
let pg: EmbeddedPostgres;
const children = new Map<ServiceName, { child: ChildProcess; url: string; exit: number | null | 'running' }>();

const startPostgres = () =>
  startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: pgPort, durable: false, log: () => {} });

/** Status of `GET url`, or 0 when nothing answered. */
const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    () => 0,
  );

/** Resolves once `check` is true, checking every 25 ms. */
async function until(check: () => Promise<boolean>, what: string, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // Not on every event-loop turn: back-to-back requests kept the machine busy while PostgreSQL and the
    // service it waits for needed the CPU.
    await sleep(25);
  }
}

beforeAll(async () => {
  dir = postgresTempDir('db-restart');
  pgPort = await freePort();
  pg = await startPostgres();
  const knex = createKnex(pg.connectionString);
  await migrateLatest(knex);
  await knex.destroy();
  await bundleServices(SERVICES);
  for (const name of SERVICES) {
    const port = await freePort();
    const { command, args } = serviceCommand(name);
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: process.env.DEBUG_RESTART ? ['ignore', 'inherit', 'inherit'] : 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: pg.connectionString,
        IDENTITY_SECRET: 'r'.repeat(40),
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, // nothing listens: mail just waits to be retried
        LOG_LEVEL: process.env.DEBUG_RESTART ? 'warn' : 'silent',
      },
    });
    const entry = { child, url: `http://127.0.0.1:${port}`, exit: 'running' as number | null | 'running' };
    child.once('exit', (code) => (entry.exit = code));
    children.set(name, entry);
  }
  for (const [name, { url }] of children)
    await until(async () => (await statusOf(`${url}/readyz`)) === 200, `${name} to be ready`);
}, 180_000);

afterAll(async () => {
  for (const { child } of children.values()) child.kill('SIGKILL');
  await pg?.stop().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a PostgreSQL restart', () => {
  it('is survived by the services: 503 while it is down, answers again once it is back', async () => {
    const storefront = children.get('storefront')!.url;
    // Traffic that holds pooled connections open while the server goes away.
    const statuses: number[] = [];
    let traffic = true;
    const load = (async () => {
      while (traffic) statuses.push(await statusOf(`${storefront}/api/config`));
    })();
    await until(async () => statuses.includes(200), 'traffic to flow');

    await pg.stop();
    const down = await statusOf(`${storefront}/api/config`);
    const emailDown = await statusOf(`${children.get('email')!.url}/readyz`);
    pg = await startPostgres();

    await until(async () => (await statusOf(`${storefront}/api/config`)) === 200, 'storefront to answer again');
    await until(
      async () => (await statusOf(`${children.get('email')!.url}/readyz`)) === 200,
      'email to be ready again',
    );
    traffic = false;
    await load;

    expect(down).toBe(503);
    expect(emailDown).toBe(503);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const [name, { exit }] of children) expect({ name, exit }).toEqual({ name, exit: 'running' });
  });
});
