// A single mail is held by one worker at a time, under a hold that runs out (issue 29): a worker killed
// mid-send leaves its mail to another worker soon after, a live worker keeps its mail however slow the
// SMTP server is, and a second run of the same job never sends it alongside the first.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createQueue, JOBS, SendEmailPayload, sendMail, type Job, type Queue } from '@mastering/jobs';
import { transactionId } from '@mastering/db';
import { createLogger } from '@mastering/service-kit';
import { sendEmailJob } from '../src/jobs/send-email';
import { NotCommittedYet, StillSending } from '../src/jobs/message-claims';
import type { Mailer, OutgoingMail } from '../src/mail/mailer';
import { emailPerFile, killProcess, testWorker, workerProcess } from './support';

const ctx = emailPerFile({ worker: false });
const logger = createLogger('mail-claims-test', 'silent');
const arrive = <T>(check: () => T, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });
const queues: Queue[] = [];
let byHand: Queue | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const queue of queues) await queue.stop();
  await byHand?.stop();
});

/** A mailer whose sends wait until `release()`; `calls` counts the sends begun. */
function gatedMailer() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { calls: 0, sent: [] as OutgoingMail[] };
  const mailer: Mailer = {
    async send(mail) {
      state.calls += 1;
      await gate;
      state.sent.push(mail);
      return { messageId: `<${state.sent.length}@test>` };
    },
    async verify() {},
    describe: () => ({ host: 'test', port: 25 }),
    close: () => undefined,
  };
  return { mailer, state, release: () => open() };
}

const message = (to: string) => ({
  template: 'customer-message' as const,
  to,
  params: { subject: 'Hello', content: 'About your order', messageType: 'support' as const },
});
const rowOf = (to: string) => ctx.db.knex('email_messages').where({ toEmail: to }).first();

/**
 * A real job row that no worker picks up (disabled), for a test to run by hand. Its queue knows the
 * job's retry policy (which decides whether a failure is the last) and is never started.
 */
async function jobByHand(data: Parameters<typeof SendEmailPayload.parse>[0]) {
  if (!byHand) {
    byHand = createQueue({ connectionString: ctx.db.connectionString, name: 'by-hand' });
    const definition = sendEmailJob({ knex: ctx.db.knex, mailer: gatedMailer().mailer, from: 'x@example.com', logger });
    byHand.define(definition.name, definition.handler, definition.options);
  }
  const job = byHand.create(JOBS.sendEmail, SendEmailPayload.parse(data));
  job.disable();
  await job.save();
  return job as Job<SendEmailPayload>;
}

describe('the hold on a single mail', () => {
  it('a second run of the same job while the first is sending sends nothing, and finds the mail sent afterwards', async () => {
    const { mailer, state, release } = gatedMailer();
    const handler = sendEmailJob({ knex: ctx.db.knex, mailer, from: 'x@example.com', logger }).handler;
    // Run by hand twice: two runs of one job.
    const job = await jobByHand({ to: 'twice@example.com', template: 'customer-message', data: message('').params });
    const first = handler(job);
    await arrive(() => expect(state.calls).toBe(1));

    await expect(handler(job)).rejects.toThrow(StillSending);
    expect(state.calls).toBe(1);
    release();
    await first;
    await handler(job);
    expect(state.sent).toHaveLength(1);
    expect(await rowOf('twice@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
      claimedBy: null,
      claimedUntil: null,
    });
  });

  it('a live worker keeps its mail while the SMTP server is slow: no other worker takes it over', async () => {
    // Long enough that a loaded machine still renews in time (every quarter of it), short for the test.
    const claimMs = 1_000;
    const { mailer, state, release } = gatedMailer();
    for (const name of ['slow-a', 'slow-b']) {
      const queue = createQueue({ connectionString: ctx.db.connectionString, name, processEvery: '0.1 seconds' });
      const job = sendEmailJob({ knex: ctx.db.knex, mailer, from: 'x@example.com', logger, claimMs });
      queue.define(job.name, job.handler, job.options);
      await queue.start();
      queues.push(queue);
    }
    const id = await sendMail(ctx.queue, message('slow@example.com'));
    await arrive(() => expect(state.calls).toBe(1));
    const lockedAt = async () => new Date((await ctx.db.knex('agenda_jobs').where({ id }).first()).lockedAt);
    const taken = await lockedAt();
    // The send outlasts many holds; the worker renews its hold, so the job's lock keeps moving on.
    await arrive(async () => expect((await lockedAt()).getTime()).toBeGreaterThan(taken.getTime() + 3 * claimMs));
    expect(state.calls).toBe(1);
    release();
    await arrive(async () => expect((await rowOf('slow@example.com'))?.status).toBe('sent'));
    expect(state.calls).toBe(1);
    expect(await rowOf('slow@example.com')).toMatchObject({ attempts: 1, claimedBy: null });
    for (const queue of queues.splice(0)) await queue.stop();
  });

  it('a worker killed mid-send: another worker sends the mail, once, after the hold runs out', async () => {
    const claimMs = 1_000;
    const held = ctx.smtp.holdAfter(ctx.smtp.received.length);
    const child = await workerProcess(ctx.db, ctx.smtp.url, { MAIL_CLAIM_MS: String(claimMs) });
    children.push(child);
    await sendMail(ctx.queue, message('killed@example.com'));
    await held; // the mail is on the wire, its 250 never comes
    expect(await rowOf('killed@example.com')).toMatchObject({ status: 'sending', attempts: 1 });
    await killProcess(child);

    ctx.smtp.holdAfter(Number.POSITIVE_INFINITY);
    queues.push(await testWorker(ctx.db, ctx.smtp.url, 'worker-after-kill', { mailClaimMs: claimMs }));
    await arrive(async () => expect((await rowOf('killed@example.com'))?.status).toBe('sent'));
    expect(ctx.smtp.to('killed@example.com')).toHaveLength(1);
    expect(await rowOf('killed@example.com')).toMatchObject({ attempts: 2, claimedBy: null, claimedUntil: null });
  }, 60_000);

  it('lasts well under the replica test’s settle time by default, so a killed worker’s mail goes out in time', () => {
    const { options } = sendEmailJob({
      knex: ctx.db.knex,
      mailer: gatedMailer().mailer,
      from: 'x@example.com',
      logger,
    });
    expect(options.lockLifetime).toBeLessThanOrEqual(30_000);
  });
});

describe('a mail queued inside a transaction', () => {
  /**
   * An open transaction, a mail to `to` queued inside it, and the send handler with an ungated mailer
   * that waits `commitWaitMs` for the transaction to end.
   */
  const mailInTransaction = async (to: string, commitWaitMs?: number) => {
    const { mailer, state, release } = gatedMailer();
    release();
    const handler = sendEmailJob({ knex: ctx.db.knex, mailer, from: 'x@example.com', logger, commitWaitMs }).handler;
    const trx = await ctx.db.knex.transaction();
    const afterTransaction = await transactionId(trx);
    const job = await jobByHand({ to, template: 'customer-message', data: message(to).params, afterTransaction });
    return { state, handler, trx, job };
  };
  /** Resolves once a session waits for an advisory lock: the handler waiting for the transaction to end. */
  const handlerWaiting = () =>
    arrive(async () => {
      const waiting = await ctx.db.knex('pg_locks').where({ locktype: 'advisory', granted: false }).count('* as n');
      expect(Number(waiting[0]!.n)).toBeGreaterThan(0);
    });

  it('waits while the transaction is open and goes out the moment it commits', async () => {
    const { state, handler, trx, job } = await mailInTransaction('committed@example.com');
    const run = handler(job);
    await handlerWaiting();
    expect(state.calls).toBe(0);
    expect(await rowOf('committed@example.com')).toBeUndefined();
    await trx.commit();
    await run;
    expect(state.sent.map((m) => m.to)).toEqual(['committed@example.com']);
  });

  it('is tried again later when the transaction is still open after the wait', async () => {
    const { state, handler, trx, job } = await mailInTransaction('still-open@example.com', 50);
    await expect(handler(job)).rejects.toThrow(NotCommittedYet);
    expect(state.calls).toBe(0);
    expect(await rowOf('still-open@example.com')).toBeUndefined();
    await trx.commit();
    await handler(job);
    expect(state.sent.map((m) => m.to)).toEqual(['still-open@example.com']);
  });

  it('is dropped unsent when the transaction rolled back (the payment it announced never happened)', async () => {
    const { state, handler, trx, job } = await mailInTransaction('rolled-back@example.com');
    await trx.rollback();
    await handler(job);
    expect(state.calls).toBe(0);
    expect(await rowOf('rolled-back@example.com')).toBeUndefined();
  });

  it('is dropped unsent when the transaction it waits for rolls back', async () => {
    const { state, handler, trx, job } = await mailInTransaction('rolled-back-later@example.com');
    const run = handler(job);
    await handlerWaiting();
    await trx.rollback();
    await run;
    expect(state.calls).toBe(0);
    expect(await rowOf('rolled-back-later@example.com')).toBeUndefined();
  });
});

describe('every try of one message', () => {
  it('carries the same Message-ID, so a resend is one message to the mailbox', async () => {
    const ids: (string | undefined)[] = [];
    const mailer: Mailer = {
      async send(mail) {
        ids.push(mail.messageId);
        if (ids.length === 1) throw new Error('connection reset after the data was accepted');
        return { messageId: mail.messageId ?? '' };
      },
      async verify() {},
      describe: () => ({ host: 'test', port: 25 }),
      close: () => undefined,
    };
    const handler = sendEmailJob({ knex: ctx.db.knex, mailer, from: 'Studio <studio@example.com>', logger }).handler;
    const job = await jobByHand({ to: 'resent@example.com', template: 'customer-message', data: message('').params });
    await expect(handler(job)).rejects.toThrow('connection reset');
    await handler(job);
    const row = await rowOf('resent@example.com');
    expect(ids).toEqual([`<${row.id}@example.com>`, `<${row.id}@example.com>`]);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
