// `npm start`: the whole site on the embedded default (see README "Run it").
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startStack } from './lib/stack';

const envFile = path.join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// An empty setting (as in a copied .env.example) means "use the default".
for (const [key, value] of Object.entries(process.env)) if (value === '') delete process.env[key];

const started = Date.now();
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
let stopping: Promise<void> | null = null;
let stack: Awaited<ReturnType<typeof startStack>> | null = null;

const shutdown = (code: number) => {
  stopping ??= (async () => {
    console.log('\nStopping…');
    await stack?.stop();
    console.log('Stopped.');
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await startStack({
    dataDir,
    env: process.env,
    log: (line) => console.log(line),
    onDeath: (name, code, tail) => {
      console.error(`\n✖ ${name} exited unexpectedly (code ${code}). Last lines of ${path.join(dataDir, 'logs', name + '.log')}:`);
      for (const line of tail) console.error(`  ${line}`);
      void shutdown(1);
    },
  });
} catch (err) {
  console.error(`\n✖ Start failed: ${(err as Error).message}`);
  await shutdown(1);
}

if (stack) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
Ready in ${seconds} s.

  Site     ${stack.siteUrl}
  Admin    ${stack.siteUrl}/admin
  Inbox    ${stack.inboxUrl ?? '(SMTP_URL is set: mail goes to your SMTP server)'}

  Log in to the admin: open ${stack.siteUrl}/login, enter ${stack.adminEmail},
  and type the 6-digit code from the email in the inbox.
  Logs: ${path.join(dataDir, 'logs')}.  Ctrl-C stops everything.
`);
}
