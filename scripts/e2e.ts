// `npm run test:e2e [files…]`: TestCafe journeys (all of e2e/, or the files given) in headless Chromium against the real built stack.
// Starts the stack on its own ports and data folder (so it can run beside `npm start`), plus a
// second gateway whose apps folder lacks one remote's build, for the fallback journey.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createKnex, freePort } from '@mastering/db';
import { bin, FRONTEND_APPS, ROOT } from './lib/paths';
import { startStack } from './lib/stack';
import { serviceCommand } from './lib/services';
import { Supervisor } from './lib/supervisor';

const dataDir = mkdtempSync(path.join(tmpdir(), 'mastering-e2e-'));
// As root, PostgreSQL runs as the postgres user, who must be able to enter the data folder.
chmodSync(dataDir, 0o755);
// Free ports chosen now, so the run never clashes with `npm start` or another run.
const [site, brokenSite, pg, storefront, ops, content, email, smtp, inbox, yocoSandbox] = await Promise.all(Array.from({ length: 10 }, () => freePort()));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(site),
  // One origin for the browser, the links and the payment returns (cookies are per host).
  PUBLIC_URL: `http://127.0.0.1:${site}`,
  PG_PORT: String(pg),
  STOREFRONT_PORT: String(storefront),
  OPS_PORT: String(ops),
  CONTENT_PORT: String(content),
  EMAIL_PORT: String(email),
  MAILDEV_SMTP_PORT: String(smtp),
  MAILDEV_WEB_PORT: String(inbox),
  YOCO_SANDBOX_PORT: String(yocoSandbox),
  IDENTITY_SECRET: randomBytes(32).toString('hex'),
  ADMIN_EMAIL: 'admin@example.com',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.SMTP_URL;
// Payments always go through the local Yoco sandbox in journeys.
delete env.YOCO_SECRET_KEY;

let failed = false;
const stack = await startStack({
  dataDir,
  env,
  log: (line) => console.log(line),
  onDeath: (name, code, tail) => {
    failed = true;
    console.error(`✖ ${name} exited (code ${code}) during the e2e run:\n${tail.join('\n')}`);
  },
});

// An engineer account for the fulfilment journey (users are otherwise made by admins in the Users screen).
const ENGINEER_EMAIL = 'engineer@example.com';
{
  const knex = createKnex(stack.databaseUrl);
  if (!(await knex('users').whereRaw('lower(email) = ?', [ENGINEER_EMAIL]).first('id'))) {
    await knex('users').insert({ email: ENGINEER_EMAIL, firstName: 'Sipho', lastName: 'Engineer', role: 'engineer', isActive: true });
  }
  await knex.destroy();
}

// An apps folder with every build but mf-admin-email's: that remote's files are "missing".
const brokenApps = path.join(dataDir, 'apps-without-email');
for (const app of FRONTEND_APPS.filter((a) => a !== 'mf-admin-email')) {
  mkdirSync(path.join(brokenApps, app), { recursive: true });
  symlinkSync(path.join(ROOT, app, 'dist'), path.join(brokenApps, app, 'dist'));
}
const extra = new Supervisor(path.join(dataDir, 'logs'), (name, code, tail) => {
  failed = true;
  console.error(`✖ ${name} exited (code ${code}):\n${tail.join('\n')}`);
});
await extra.start({
  name: 'gateway-missing-remote',
  ...serviceCommand('gateway'),
  env: {
    ...(env as Record<string, string>),
    PORT: String(brokenSite),
    DATABASE_URL: stack.databaseUrl,
    APPS_ROOT: brokenApps,
    STOREFRONT_URL: `http://127.0.0.1:${storefront}`,
    OPS_URL: `http://127.0.0.1:${ops}`,
    CONTENT_URL: `http://127.0.0.1:${content}`,
    EMAIL_URL: `http://127.0.0.1:${email}`,
  },
  readyUrl: `http://127.0.0.1:${brokenSite}/mf/remotes.json`,
});

const browser = process.env.E2E_BROWSER ?? 'chromium:headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run';
const code = await new Promise<number>((resolve) => {
  const child = spawn(bin('testcafe'), [browser, ...(process.argv.slice(2).length ? process.argv.slice(2) : ['e2e/']), '--selector-timeout', '15000', '--assertion-timeout', '15000', '--page-load-timeout', '30000', '--disable-screenshots', '--reporter', 'spec'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_SITE_URL: stack.siteUrl,
      E2E_BROKEN_SITE_URL: `http://127.0.0.1:${brokenSite}`,
      E2E_INBOX_URL: stack.inboxUrl!.replace('localhost', '127.0.0.1'),
      E2E_ADMIN_EMAIL: stack.adminEmail,
      E2E_ENGINEER_EMAIL: ENGINEER_EMAIL,
    },
  });
  child.on('exit', (c) => resolve(c ?? 1));
});

await extra.stopAll();
await stack.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code === 0 && !failed ? 0 : 1);
