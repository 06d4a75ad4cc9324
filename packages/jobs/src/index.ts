import { Agenda, backoffStrategies, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import pg from 'pg';
import { JOB_TABLE } from '@mastering/db';
import { AnalysisRole, type MailParams, type MailTemplateName } from '@mastering/contracts';
import { z } from 'zod';

/** Every job name in the system, in one place. */
export const JOBS = {
  /** Render and send one email (the email service runs the worker). */
  sendEmail: 'email.send',
  /** Measure an order file's original or master (the ops service runs the worker). */
  analyseAudio: 'audio.analyse',
  /** Check a customer's upload before payment: the mix check (the ops service runs the worker). */
  checkMix: 'audio.mix-check',
  /** A ticked marketing box asks its address to confirm: record it and mail the link (the email service runs the worker). */
  requestConsent: 'email.marketing-consent',
  /** Work through a marketing campaign's pending recipients (the email service runs the worker). */
  sendCampaign: 'campaign.send',
  /** Every quarter hour: late paid orders get the delayed mail once, admins a daily digest (ops runs it). */
  lateOrders: 'orders.late',
  /** Every hour: the audio of orders delivered longer ago than Settings' retention is deleted (ops runs it). */
  audioRetention: 'audio.retention',
  /** Every hour: orders delivered a few days ago and not rated get the "Feedback request" mail once (ops runs it). */
  feedbackRequests: 'orders.feedback-requests',
  /** Every week: the back-office's trigram search indexes are rebuilt compact (ops runs it). */
  searchIndexes: 'search-indexes.rebuild',
  /** Render the release pack of one master version (ops runs it; issue 54). */
  renderPack: 'pack.render',
} as const;

/**
 * Transactional mail (login codes, order and delivery mail) always goes out; marketing mail is never
 * sent to an address that unsubscribed.
 */
export const MailKind = z.enum(['transactional', 'marketing']);
export type MailKind = z.infer<typeof MailKind>;

/**
 * A delivery link the mail worker mints when it sends (the template's `downloadUrl`): a job row keeps
 * which order and until when, never a working token.
 */
export const DownloadLinkRequest = z.object({ orderId: z.uuid(), expiresAt: z.coerce.date() });
export type DownloadLinkRequest = z.input<typeof DownloadLinkRequest>;

/** A payment-resume link the mail worker mints when it sends the reminder (`resumeUrl`): the same which order and until when. */
export const ResumeLinkRequest = DownloadLinkRequest;
export type ResumeLinkRequest = z.input<typeof ResumeLinkRequest>;

/**
 * Payload of `email.send`: a named template plus its data, rendered by the email service. The job row is
 * data, so the template and its data are checked again by the worker (against MAIL_TEMPLATES); send
 * mail with the typed `sendMail`, not by enqueueing this by hand.
 */
export const SendEmailPayload = z.object({
  to: z.email(),
  template: z.string().min(1),
  data: z.record(z.string(), z.unknown()).default({}),
  kind: MailKind.default('transactional'),
  orderId: z.uuid().optional(),
  campaignId: z.uuid().optional(),
  downloadLink: DownloadLinkRequest.optional(),
  resumeLink: ResumeLinkRequest.optional(),
  /** An issued invoice or credit note to attach as a PDF, rendered by the worker when it sends (the job keeps only its id). */
  invoiceId: z.uuid().optional(),
  /**
   * The database transaction that queued this mail (transactionId): the worker sends it only once that
   * transaction committed, and drops it if it rolled back. The job row is written outside the
   * transaction, so without this a mail could announce what never happened.
   */
  afterTransaction: z.string().regex(/^\d+$/).optional(),
});
export type SendEmailPayload = z.infer<typeof SendEmailPayload>;

/** Payload of `audio.analyse`: which order file, and its original upload or its master. */
export const AnalyseAudioPayload = z.object({ fileId: z.uuid(), role: AnalysisRole });
export type AnalyseAudioPayload = z.infer<typeof AnalyseAudioPayload>;

/** Payload of `audio.mix-check`: which upload. */
export const CheckMixPayload = z.object({ uploadId: z.uuid() });
export type CheckMixPayload = z.infer<typeof CheckMixPayload>;

/**
 * Payload of `email.marketing-consent`: the address a checkout's marketing box was ticked for, when,
 * and the order's transaction (transactionId): asked only if that transaction committed.
 */
export const RequestConsentPayload = z.object({
  email: z.email(),
  requestedAt: z.iso.datetime(),
  afterTransaction: z.string().regex(/^\d+$/),
});
export type RequestConsentPayload = z.infer<typeof RequestConsentPayload>;

/** Payload of `campaign.send`: which campaign to work on (its recipients live in campaign_recipients). */
export const SendCampaignPayload = z.object({ campaignId: z.uuid() });
export type SendCampaignPayload = z.infer<typeof SendCampaignPayload>;

/** Payload of `pack.render`: the master version whose pack files still wait to be rendered. */
export const RenderPackPayload = z.object({ masterVersionId: z.uuid() });
export type RenderPackPayload = z.infer<typeof RenderPackPayload>;

const PAYLOADS = {
  [JOBS.sendEmail]: SendEmailPayload,
  [JOBS.renderPack]: RenderPackPayload,
  [JOBS.analyseAudio]: AnalyseAudioPayload,
  [JOBS.checkMix]: CheckMixPayload,
  [JOBS.sendCampaign]: SendCampaignPayload,
  [JOBS.requestConsent]: RequestConsentPayload,
} as const;
type JobName = keyof typeof PAYLOADS;

export type { Job };

type QueueLogger = { warn: (obj: object, msg: string) => void };

/**
 * The job queue: agenda on its own PostgreSQL pool. Stopping it also closes the pool (agenda leaves a
 * pool it was given open).
 */
export class Queue extends Agenda {
  constructor(
    options: ConstructorParameters<typeof Agenda>[0],
    private readonly pool: pg.Pool,
  ) {
    super(options);
  }

  /** Stops processing, releases the LISTEN connection and closes the pool. */
  override async stop(): Promise<void> {
    await super.stop();
    await this.pool.end().catch(() => undefined);
  }
}

/**
 * Creates the PostgreSQL-backed queue (agenda with LISTEN/NOTIFY, so a job starts within
 * milliseconds). `name` identifies the process in the job table; several workers may share it
 * without doing a job twice (agenda locks each job row). A lost database connection (PostgreSQL
 * restarting) is logged and survived: the pool replaces the connection, the LISTEN channel reconnects.
 */
export function createQueue({
  connectionString,
  name,
  processEvery = '30 seconds',
  logger = { warn: (obj, msg) => console.warn(msg, obj) },
}: {
  connectionString: string;
  name: string;
  processEvery?: string;
  logger?: QueueLogger;
}): Queue {
  // Without these 'error' listeners, a connection dropped by the server is an unhandled 'error' event,
  // which ends the process.
  const pool = new pg.Pool({ connectionString, max: 5 });
  pool.on('error', (err) => logger.warn({ err: err.message }, 'job queue: idle database connection lost'));
  // The table comes from the migrations (packages/db 007_job_queue), not from each process at connect.
  const backend = new PostgresBackend({ pool, tableName: JOB_TABLE, ensureSchema: false });
  backend.notificationChannel?.on('error', (err: Error) =>
    logger.warn({ err: err.message }, 'job queue: notification channel error; reconnecting'),
  );
  const queue = new Queue(
    {
      backend,
      name,
      // Polling is only the safety net; LISTEN/NOTIFY wakes workers when a job is saved.
      processEvery,
      defaultLockLifetime: 5 * 60_000,
    },
    pool,
  );
  queue.on('error', (err: Error) => logger.warn({ err: err.message }, 'job queue error'));
  return queue;
}

/**
 * Readies a process that only enqueues: agenda publishes its LISTEN/NOTIFY wake-up only once started,
 * so without this a worker would find the job at its next poll (30 s) instead of at once. The
 * producer defines no jobs, so it never runs any.
 */
export async function startProducer(queue: Queue): Promise<void> {
  await queue.start();
}

/** Validates a payload against its job's schema and schedules the job to run now. */
export async function enqueue<N extends JobName>(
  queue: Queue,
  name: N,
  payload: z.input<(typeof PAYLOADS)[N]>,
): Promise<string> {
  const data = PAYLOADS[name].parse(payload);
  const job = await queue.now(name, data);
  return String(job.attrs._id);
}

/** Validates a payload against its job's schema and schedules the job to run at `when`. */
export async function enqueueAt<N extends JobName>(
  queue: Queue,
  when: Date,
  name: N,
  payload: z.input<(typeof PAYLOADS)[N]>,
): Promise<string> {
  const data = PAYLOADS[name].parse(payload);
  const job = await queue.schedule(when, name, data);
  return String(job.attrs._id);
}

/**
 * Queues the analysis of an order file's original upload or master (the ops service runs the worker).
 * THE call for every trigger: an order paid (its originals), a master confirmed. Analysing again is
 * harmless (the result is upserted). It lives here, beside the job's name and payload, so a service
 * that only queues the job does not depend on the analyser and its decoder.
 */
export function enqueueAnalysis(queue: Queue, payload: AnalyseAudioPayload): Promise<string> {
  return enqueue(queue, JOBS.analyseAudio, payload);
}

/** Queues the rendering of a master version's release pack (the ops service runs the worker). */
export function enqueuePackRender(queue: Queue, payload: RenderPackPayload): Promise<string> {
  return enqueue(queue, JOBS.renderPack, payload);
}

/** Queues the mix check of a customer's stored upload (the ops service runs the worker; re-checking is harmless). */
export function enqueueMixCheck(queue: Queue, payload: CheckMixPayload): Promise<string> {
  return enqueue(queue, JOBS.checkMix, payload);
}

/**
 * Queues the request for `email`'s marketing consent (the email service owns the consents, issue 52):
 * its worker records it and mails the confirmation link once `afterTransaction` committed.
 */
export function enqueueConsentRequest(queue: Queue, payload: RequestConsentPayload): Promise<string> {
  return enqueue(queue, JOBS.requestConsent, payload);
}

/** Who a mail goes to and what it belongs to: the part of a request the template does not decide. */
type MailEnvelope = {
  to: string;
  kind?: MailKind;
  orderId?: string;
  campaignId?: string;
  /** Attach this issued invoice's or credit note's PDF (the order confirmation, the refund mail). */
  invoiceId?: string;
  /** Queued inside this transaction (`transactionId(trx)` from @mastering/db): sent only if it commits. */
  afterTransaction?: string;
};

/**
 * The params of mail `N`; one whose template shows a `downloadUrl` or a `resumeUrl` may ask for that link to be
 * minted at send time instead (`downloadLink`, `resumeLink`), so the job row never holds a working token.
 */
type ParamsOf<N extends MailTemplateName> =
  | { params: MailParams<N>; downloadLink?: never; resumeLink?: never }
  | ('downloadUrl' extends keyof MailParams<N>
      ? { params: Omit<MailParams<N>, 'downloadUrl'>; downloadLink: DownloadLinkRequest; resumeLink?: never }
      : never)
  | ('resumeUrl' extends keyof MailParams<N>
      ? { params: Omit<MailParams<N>, 'resumeUrl'>; resumeLink: ResumeLinkRequest; downloadLink?: never }
      : never);

/**
 * What a service asks for when it sends templated mail: a template of MAIL_TEMPLATES (contracts) and
 * exactly its params, so a wrong name or a missing or unknown param does not compile.
 */
export type MailRequest<N extends MailTemplateName = MailTemplateName> = MailEnvelope & {
  /** Template name, e.g. `order-confirmation` (the email service renders the stored template of its type, else the built-in). */
  template: N;
} & ParamsOf<N>;

/** The `email.send` payload of a mail request. */
const payloadOf = ({
  template,
  to,
  params,
  kind = 'transactional',
  orderId,
  campaignId,
  downloadLink,
  resumeLink,
  invoiceId,
  afterTransaction,
}: MailEnvelope & {
  template: string;
  params: object;
  downloadLink?: DownloadLinkRequest;
  resumeLink?: ResumeLinkRequest;
}): z.input<typeof SendEmailPayload> => ({
  to,
  template,
  data: { ...params },
  kind,
  orderId,
  campaignId,
  downloadLink,
  resumeLink,
  invoiceId,
  afterTransaction,
});

/**
 * THE call every service uses to send templated mail: validates and queues it; the email service's
 * worker checks its params against the template's schema, renders it, records it in the outbox and
 * sends it (retrying while SMTP is down).
 */
export function sendMail<N extends MailTemplateName>(queue: Queue, request: MailRequest<N>): Promise<string> {
  return enqueue(queue, JOBS.sendEmail, payloadOf(request));
}

/**
 * Queues templated mail to go out at `when` (a reminder): the same job as sendMail, run by the email
 * service's worker at that time. Answers the job id.
 */
export function scheduleMail<N extends MailTemplateName>(
  queue: Queue,
  when: Date,
  request: MailRequest<N>,
): Promise<string> {
  return enqueueAt(queue, when, JOBS.sendEmail, payloadOf(request));
}

/** Retry policy for mail: exponential from 5 s, up to 8 tries (about 20 minutes), then the job fails. */
export const MAIL_BACKOFF = backoffStrategies.exponential({ delay: 5_000, maxRetries: 8 });

/**
 * Whether this failure of a running job is its last: its definition's backoff schedules no further
 * retry (the rule agenda itself applies right after the handler throws).
 */
export function isFinalFailure(job: Job, error: Error): boolean {
  const backoff = job.agenda.definitions[job.attrs.name]?.backoff;
  if (!backoff) return true;
  return (
    backoff({ attempt: (job.attrs.failCount ?? 0) + 1, error, jobName: job.attrs.name, jobData: job.attrs.data }) ===
    null
  );
}

/**
 * Empties the stored data of a running job that no longer needs it. agenda keeps finished jobs, so a
 * secret in a payload (a login code) would otherwise stay readable in the job table.
 */
export async function forgetJobData(job: Job): Promise<void> {
  job.attrs.data = {};
  // saveJob writes the data column; the processor's own fields (fail count, lock) are written again by
  // agenda when the run ends, so the job's outcome is recorded as usual.
  await job.agenda.db.saveJob(job.toJson(true), { lastModifiedBy: job.agenda.attrs.name });
}
