// `npm run bench:email`: a 10,000-recipient campaign from the real email service process (its mail
// worker, throttle off) into a local SMTP sink that accepts and counts. Prints messages per second
// and the worker's peak RSS (VmHWM). Figures only; no thresholds (the issue aims for >= 300 msg/s).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { SMTPServer } from 'smtp-server';
import { Campaign, createKnex } from '@mastering/db';
import { createQueue, enqueue, JOBS, startProducer } from '@mastering/jobs';
import { benchStack, processCpuSeconds } from '../lib/bench-harness';
import type { Stack } from '../lib/stack';

const RECIPIENTS = Number(process.env.BENCH_EMAIL_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_EMAIL_CONCURRENCY ?? 8);

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

// The stack as `npm start` composes it, with the email service alone (its mail worker) sending to the sink.
const { main } = await benchStack(
  'mastering-bench-email',
  {
    env: { SMTP_URL: smtpUrl, CAMPAIGN_RATE: '0', CAMPAIGN_CONCURRENCY: String(CONCURRENCY), LOG_LEVEL: 'warn' },
    services: ['email'],
  },
  () => sink.close(),
);
await main(run);

async function run(stack: Stack) {
  const workerPid = stack.pidOf('email')!;
  // CPU seconds the worker used: a figure the machine's load from other processes sways far less than the send rate does.
  const cpuSeconds = () => processCpuSeconds(workerPid);
  const peakRssMb = () =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${workerPid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const knex = createKnex(stack.databaseUrl);
  const queue = createQueue({ connectionString: stack.databaseUrl, name: 'bench-email' });
  try {
    await startProducer(queue);
    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `listener-${i}@example.com`);
    const campaign = await Campaign.query(knex)
      .insert({
        subject: 'Bench campaign',
        content: 'Ten thousand listeners.',
        template: 'newsletter',
        recipientType: 'custom',
        customRecipients: emails,
        // Due now: the worker takes the audience (the 10,000 rows) as its first step, inside the timed run.
        status: 'scheduled',
        scheduledAt: new Date(),
      })
      .returning('*');
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
    await queue.stop();
    await knex.destroy();
  }
}
