import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backoffStrategies } from 'agenda';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import {
  createQueue,
  enqueue,
  enqueueAt,
  forgetJobData,
  isFinalFailure,
  JOBS,
  startProducer,
  type Job,
  type Queue,
  type SendEmailPayload,
} from '../src/index';

let db: TestDatabase;
let producer: Queue;
const workers: Queue[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  producer = createQueue({ connectionString: db.connectionString, name: 'jobs-test-producer' });
  await startProducer(producer);
});
afterEach(async () => {
  // Each test's worker stops before the next starts, so a job is only ever taken by the worker under test.
  while (workers.length > 0) await workers.pop()!.stop();
});
afterAll(async () => {
  await producer?.stop();
  await db?.destroy();
});

const jobRow = (id: string) => db.knex('agenda_jobs').where({ id }).first();

/**
 * A started worker for `email.send` that polls only hourly: a job it runs within the test was woken
 * by LISTEN/NOTIFY. `handler` gets each job; the returned `next()` resolves when the next job is done.
 */
async function startWorker(
  handler: (job: Job<SendEmailPayload>) => Promise<void>,
  options: { backoff?: ReturnType<typeof backoffStrategies.exponential> } = {},
) {
  const worker = createQueue({
    connectionString: db.connectionString,
    name: `jobs-test-worker-${workers.length}`,
    processEvery: '1 hour',
  });
  workers.push(worker);
  worker.define(JOBS.sendEmail, handler, options);
  await worker.start();
  const next = () =>
    new Promise<Job>((resolve) => worker.once(`complete:${JOBS.sendEmail}`, (job: Job) => resolve(job)));
  return { worker, next };
}

describe('enqueue', () => {
  it('refuses a payload its job schema rejects, and stores nothing', async () => {
    await expect(enqueue(producer, JOBS.sendEmail, { to: 'not-an-email', template: 'login-code' })).rejects.toThrow();
    await expect(enqueue(producer, JOBS.sendEmail, { to: 'a@example.com', template: '' })).rejects.toThrow();
    expect(await db.knex('agenda_jobs').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('stores the parsed payload (defaults applied) and returns the job id', async () => {
    const id = await enqueue(producer, JOBS.sendEmail, { to: 'a@example.com', template: 'login-code' });
    const row = await jobRow(id);
    expect(row).toMatchObject({
      name: JOBS.sendEmail,
      data: { to: 'a@example.com', template: 'login-code', data: {} },
    });
    // Nobody defined a worker for it yet: remove it so later tests' workers start from an empty queue.
    await db.knex('agenda_jobs').where({ id }).delete();
  });
});

describe('enqueueAt', () => {
  it('stores a campaign job due at the given time, its payload checked', async () => {
    const when = new Date(Date.now() + 3_600_000);
    await expect(enqueueAt(producer, when, JOBS.sendCampaign, { campaignId: 'nope' })).rejects.toThrow();
    const id = await enqueueAt(producer, when, JOBS.sendCampaign, {
      campaignId: '3f2b1c4d-0000-4000-8000-000000000001',
    });
    const row = await jobRow(id);
    expect(row).toMatchObject({ name: 'campaign.send', data: { campaignId: '3f2b1c4d-0000-4000-8000-000000000001' } });
    expect(new Date(row.nextRunAt).getTime()).toBe(when.getTime());
    await db.knex('agenda_jobs').where({ id }).delete();
  });
});

describe('a worker', () => {
  it('runs an enqueued job with its payload, and a later job is woken by LISTEN/NOTIFY, not by polling', async () => {
    const seen: SendEmailPayload[] = [];
    const { next } = await startWorker(async (job) => {
      seen.push(job.attrs.data);
    });
    let done = next();
    const first = await enqueue(producer, JOBS.sendEmail, { to: 'one@example.com', template: 't', data: { n: 1 } });
    await done;
    // The worker's only poll ran when it started; this job is saved afterwards, so only the notification can start it.
    done = next();
    const second = await enqueue(producer, JOBS.sendEmail, { to: 'two@example.com', template: 't' });
    await done;
    expect(seen).toEqual([
      { to: 'one@example.com', template: 't', data: { n: 1 }, kind: 'transactional' },
      { to: 'two@example.com', template: 't', data: {}, kind: 'transactional' },
    ]);
    for (const id of [first, second]) expect((await jobRow(id)).lastFinishedAt).not.toBeNull();
  });
});

describe('forgetJobData', () => {
  it('empties the stored payload of a job that succeeded, and agenda still records the run', async () => {
    const { next } = await startWorker(async (job) => {
      await forgetJobData(job);
    });
    const done = next();
    const id = await enqueue(producer, JOBS.sendEmail, {
      to: 'secret@example.com',
      template: 't',
      data: { code: '123456' },
    });
    await done;
    const row = await jobRow(id);
    expect(row.data).toEqual({});
    expect(row.lastFinishedAt).not.toBeNull();
    expect(row.failCount ?? 0).toBe(0);
  });

  it('empties the payload of a job that failed for the last time, and agenda still records the failure', async () => {
    const { next } = await startWorker(async (job) => {
      const error = new Error('smtp down');
      if (isFinalFailure(job, error)) await forgetJobData(job);
      throw error;
    });
    const done = next();
    const id = await enqueue(producer, JOBS.sendEmail, {
      to: 'secret@example.com',
      template: 't',
      data: { code: '654321' },
    });
    await done;
    expect(await jobRow(id)).toMatchObject({ data: {}, failCount: 1, failReason: 'smtp down' });
  });
});

describe('isFinalFailure', () => {
  it("follows the job definition's backoff: the try after the last retry is final, a job without backoff fails finally at once", () => {
    // Only the definition and the attributes matter, so a job-shaped object stands in for a stored one.
    const definitions = {
      [JOBS.sendEmail]: { backoff: backoffStrategies.exponential({ delay: 1000, maxRetries: 2 }) },
    };
    const jobNamed = (name: string) =>
      ({ agenda: { definitions }, attrs: { name, data: {}, failCount: 0 } }) as unknown as Job;
    const job = jobNamed(JOBS.sendEmail);
    const error = new Error('x');
    job.attrs.failCount = 0;
    expect(isFinalFailure(job, error)).toBe(false);
    job.attrs.failCount = 1;
    expect(isFinalFailure(job, error)).toBe(false);
    job.attrs.failCount = 2;
    expect(isFinalFailure(job, error)).toBe(true);
    expect(isFinalFailure(jobNamed('not-defined'), error)).toBe(true);
  });
});
