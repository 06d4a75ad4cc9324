// `npm run bench:email`: a 10,000-recipient campaign from the real email service process (its mail
// worker, throttle off) into a local SMTP sink that accepts and counts. Prints messages per second
// and the worker's peak RSS (VmHWM). Figures only; no thresholds (the issue aims for >= 300 msg/s).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createKnex, freePort, migrateLatest, postgresTempDir, startEmbeddedPostgres } from '@mastering/db';
import { Campaign } from '@mastering/db';
import { createQueue, enqueue, JOBS, startProducer } from '@mastering/jobs';
import { resolveRecipients } from '../../services/email/src/campaigns/service';

const RECIPIENTS = Number(process.env.BENCH_EMAIL_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_EMAIL_CONCURRENCY ?? 8);
const root = path.resolve(import.meta.dirname, '../..');

const work = postgresTempDir('mastering-bench-email');

let received = 0;
let allIn: () => void;
const done = new Promise<void>((resolve) => (allIn = resolve));
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received += 1;
      callback();
      if (received === RECIPIENTS) allIn();
    });
    stream.resume();
  },
});
sink.on('error', () => undefined);
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

const pg = await startEmbeddedPostgres({
  dataDir: path.join(work, 'postgres'),
  port: await freePort(),
  durable: false,
  log: () => {},
});
const knex = createKnex(pg.connectionString);
const env = {
  ...process.env,
  DATABASE_URL: pg.connectionString,
  IDENTITY_SECRET: 'b'.repeat(40),
  SMTP_URL: smtpUrl,
  PORT: String(await freePort()),
  CAMPAIGN_RATE: '0',
  CAMPAIGN_CONCURRENCY: String(CONCURRENCY),
  LOG_LEVEL: 'warn',
};
const worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/email/src/server.ts')], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
// CPU seconds the worker used (utime + stime, in clock ticks of 1/100 s): a figure the machine's load
// from other processes sways far less than the send rate does.
const cpuSeconds = () =>
  readFileSync(`/proc/${worker.pid}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ')
    .slice(11, 13)
    .reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
const peakRssMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const queue = createQueue({ connectionString: pg.connectionString, name: 'bench-email' });
try {
  await migrateLatest(knex);
  await startProducer(queue);
  // The worker is up when its HTTP port answers.
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/healthz`)).ok) break;
    } catch {
      if (tries > 600) throw new Error('the email service did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const emails = Array.from({ length: RECIPIENTS }, (_, i) => `listener-${i}@example.com`);
  const campaign = await Campaign.query(knex)
    .insert({
      subject: 'Bench campaign',
      content: 'Ten thousand listeners.',
      template: 'newsletter',
      recipientType: 'custom',
      customRecipients: emails,
      status: 'sending',
    })
    .returning('*');
  await knex.transaction((trx) => resolveRecipients(trx, campaign));
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  await enqueue(queue, JOBS.sendCampaign, { campaignId: campaign.id });
  await done;
  const seconds = (performance.now() - started) / 1000;
  const cpuMsPerMail = ((cpuSeconds() - cpuBefore) * 1000) / RECIPIENTS;
  console.log(
    `email bench: ${RECIPIENTS} campaign mails in ${seconds.toFixed(1)} s = ${(RECIPIENTS / seconds).toFixed(0)} msg/s (throttle off, ${CONCURRENCY} senders); ` +
      `worker CPU ${cpuMsPerMail.toFixed(2)} ms per mail; worker peak RSS ${peakRssMb().toFixed(0)} MB; load average ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  worker.kill('SIGTERM');
  await new Promise((resolve) => worker.once('exit', resolve));
  await queue.stop();
  await knex.destroy();
  await pg.stop();
  sink.close();
  rmSync(work, { recursive: true, force: true });
}
