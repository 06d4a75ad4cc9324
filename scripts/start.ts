// `npm start`: the whole site on the embedded default (see README "Run it").
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createStack, ROOT } from './lib/stack';
import { StoppedError } from './lib/supervisor';

const envFile = path.join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
// An empty setting (as in a copied .env.example) means "use the default".
for (const [key, value] of Object.entries(process.env)) if (value === '') delete process.env[key];

const started = Date.now();
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
let stopping: Promise<void> | null = null;

const stack = createStack({
  dataDir,
  env: process.env,
  log: (line) => console.log(line),
  // With one of each, the first death stops the stack; in replica mode only a process that keeps crashing does.
  onDeath: (name, code, tail, reason) => {
    console.error(
      `\n✖ ${name} exited unexpectedly (code ${code})${reason ? `: ${reason}` : ''}. Last lines of ${path.join(dataDir, 'logs', `${name}.log`)}:`,
    );
    for (const line of tail) console.error(`  ${line}`);
    void shutdown(1);
  },
});

/** Stops the stack (at any moment: before, during or after start) and exits; "Stopped." only once everything has exited. */
function shutdown(code: number) {
  stopping ??= (async () => {
    console.log('\nStopping…');
    try {
      await stack.stop();
      console.log('Stopped.');
      process.exit(code);
    } catch (err) {
      console.error(`✖ Stop incomplete: ${(err as Error).message}`);
      process.exit(1);
    }
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

let ready: Awaited<ReturnType<typeof stack.start>> | null = null;
try {
  ready = await stack.start();
} catch (err) {
  // Interrupted (Ctrl-C during start) is not a failure: shutdown() is already under way.
  if (!stopping && !(err instanceof StoppedError)) console.error(`\n✖ Start failed: ${(err as Error).message}`);
  await shutdown(stopping ? 0 : 1);
}

if (ready && !stopping) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const count = ready.gatewayUrls.length;
  const replicas =
    count > 1
      ? `\n  Replicas ${count} of every service and of the gateway (${ready.gatewayUrls.join(', ')}), behind HAProxy on the site's address; one that dies is started again`
      : '';
  console.log(`
Ready in ${seconds} s.

  Site     ${ready.siteUrl}
  Admin    ${ready.siteUrl}/admin
  Inbox    ${ready.inboxUrl ?? '(SMTP_URL is set: mail goes to your SMTP server)'}
  Payments ${ready.yocoSandboxUrl ? `Yoco sandbox at ${ready.yocoSandboxUrl} (test mode, no real money)` : 'Yoco (YOCO_SECRET_KEY is set)'}${replicas}

  Log in to the admin: open ${ready.siteUrl}/login, enter ${ready.adminEmail},
  and type the 6-digit code from the email in the inbox.
  Logs: ${path.join(dataDir, 'logs')}.  Ctrl-C stops everything.
`);
}
