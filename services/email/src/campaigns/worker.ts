import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Campaign, CampaignRecipient } from '@mastering/db';
import { JOBS, MAIL_BACKOFF, SendCampaignPayload, type Job } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import { isPermanentRejection, type Mailer } from '../mail/mailer';
import { resolveSource, studioOf, viewOf } from '../mail/templates';
import type { LinkSigner } from '../tracking/links';
import {
  claimRecipients,
  createRecorder,
  pendingState,
  releaseClaims,
  renewClaims,
  type Claimed,
  type Outcome,
} from './claims';
import { createCampaignRenderer } from './render';
import { resolveRecipients } from './service';

export type CampaignDeps = {
  knex: Knex;
  mailer: Mailer;
  from: string;
  links: LinkSigner;
  siteUrl: string;
  logger: Logger;
  /** Messages per second across this worker's senders; 0 = as fast as SMTP takes them. */
  ratePerSecond: number;
  /** How many messages this worker has in flight at once. */
  concurrency: number;
  /** Retry policy of the job (tests shorten it). */
  backoff?: typeof MAIL_BACKOFF;
  /** How long a claim on recipients lasts unless renewed (a dead worker's rows are free after it); tests shorten it. */
  leaseMs?: number;
};

/**
 * A shared pace for the senders: each takes the next free slot, `1000 / rate` ms apart. The queue of
 * slots is in memory, so the limit holds per worker process.
 */
export function createThrottle(ratePerSecond: number) {
  let next = 0;
  return async () => {
    if (ratePerSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / ratePerSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

/** Recipients claimed per statement; the next batch is claimed while the last few of this one go out. */
const CLAIM_BATCH = 100;
/** How long a claim lasts unless renewed; a run renews its claims every third of it. */
const DEFAULT_LEASE_MS = 10_000;

const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Works through a campaign's pending recipients until none is left, then marks it sent.
 *
 * Recipients are claimed in batches under a lease (migration 016): one statement claims up to
 * `CLAIM_BATCH` rows for this run, `concurrency` senders share them, and each outcome is written by a
 * group commit (one statement for all that finished meanwhile). A sender waits for its outcome to be
 * committed before it takes the next recipient, so a crash can leave at most one delivered-but-unrecorded
 * mail per sender: those are sent again, nothing else. The rows a dead run held become free when its
 * lease runs out (`leaseMs`, renewed every third of it while the run lives); a run that stops on its own
 * (done, aborted, SMTP down) hands its unfinished rows back at once. A sender never starts a mail whose
 * lease may have lapsed: it renews first and drops the row if another run took it. Several runs and
 * workers share a campaign this way; a run that finds every pending row held by others waits for them
 * (or for their leases to run out) and then finishes the campaign.
 *
 * A 5xx reply is a bounce; any other SMTP failure stops the run with its rows handed back, so the
 * job's retry picks them up. A campaign that stops sending (no longer `sending`) is noticed with the
 * next outcome written, claim or renewal: the run ends within the mails already under way.
 */
export async function runCampaign(deps: CampaignDeps, campaignId: string, signal?: AbortSignal): Promise<void> {
  const { knex } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  let campaign = await Campaign.query(knex).findById(campaignId);
  if (!campaign) return;
  if (campaign.status === 'scheduled') {
    // The scheduled time has come: the audience is taken as it is now.
    await knex.transaction(async (trx) => {
      const moved = await Campaign.query(trx)
        .findById(campaignId)
        .where('status', 'scheduled')
        .patch({ status: 'sending' });
      if (moved) await resolveRecipients(trx, campaign!);
    });
    campaign = await Campaign.query(knex).findById(campaignId);
  }
  if (campaign?.status !== 'sending') return;

  // Resolved and rendered once per run; only the links differ per recipient.
  const { source } = await resolveSource(knex, campaign.template);
  const renderer = createCampaignRenderer(
    source,
    viewOf({ subject: campaign.subject, content: campaign.content }, deps.siteUrl, await studioOf(knex)),
    deps.links,
  );
  const throttle = createThrottle(deps.ratePerSecond);
  const recorder = createRecorder(knex, campaignId);
  const lanes = Math.max(1, deps.concurrency);
  const token = randomUUID();

  for (;;) {
    await sendClaimable({ deps, campaignId, token, leaseMs, lanes, renderer, throttle, recorder, signal });
    if (signal?.aborted) return;
    const state = await pendingState(knex, campaignId);
    if (!state.sending) return;
    if (state.pending === 0) break;
    // Every pending row is held by another run: wait for it to finish them or for its lease to run out.
    await delay(Math.min(Math.max(state.waitMs, 100), 1000), signal);
    if (signal?.aborted) return;
  }
  await Campaign.query(knex)
    .findById(campaignId)
    .where('status', 'sending')
    .whereNotExists(CampaignRecipient.query(knex).modify('pending').where('campaignId', campaignId))
    .patch({ status: 'sent', sentAt: new Date() });
}

type Round = {
  deps: CampaignDeps;
  campaignId: string;
  token: string;
  leaseMs: number;
  lanes: number;
  renderer: ReturnType<typeof createCampaignRenderer>;
  throttle: () => Promise<void>;
  recorder: ReturnType<typeof createRecorder>;
  signal?: AbortSignal;
};

/**
 * Sends to every recipient this run can claim now, `lanes` mails at a time, until no pending row is
 * free. Throws the first SMTP outage (after handing the unfinished rows back).
 */
async function sendClaimable({
  deps,
  campaignId,
  token,
  leaseMs,
  lanes,
  renderer,
  throttle,
  recorder,
  signal,
}: Round): Promise<void> {
  const { knex } = deps;
  /** Claimed and not yet recorded, with the local time until which our lease is sure to hold. */
  const held = new Map<string, number>();
  const queue: Claimed[] = [];
  let exhausted = false;
  let stopped = false;
  let claiming: Promise<void> | null = null;
  let renewing: Promise<void> | null = null;

  const claim = () =>
    (claiming ??= (async () => {
      const asked = Date.now();
      const rows = await claimRecipients(knex, campaignId, token, CLAIM_BATCH, leaseMs);
      for (const row of rows) held.set(row.id, asked + leaseMs);
      queue.push(...rows);
      if (rows.length === 0) exhausted = true;
    })().finally(() => (claiming = null)));

  const renew = () =>
    (renewing ??= (async () => {
      const asked = Date.now();
      const ids = [...held.keys()];
      const kept = await renewClaims(knex, campaignId, token, ids, leaseMs);
      for (const id of ids) {
        if (kept.has(id)) held.set(id, asked + leaseMs);
        else held.delete(id);
      }
      if (kept.size < ids.length) {
        // Taken by another run or the campaign stopped: what is not ours any more is not sent.
        const mine = queue.filter((row) => held.has(row.id));
        queue.splice(0, queue.length, ...mine);
        if (mine.length === 0) exhausted = true;
      }
    })().finally(() => (renewing = null)));

  const heartbeat = setInterval(() => {
    if (held.size > 0)
      renew().catch((err) =>
        deps.logger.warn({ err: (err as Error).message, campaignId }, 'campaign lease renewal failed'),
      );
  }, leaseMs / 3);
  heartbeat.unref?.();

  /** The next recipient this lane owes a mail, or null when there is none left to claim. */
  const next = async (): Promise<Claimed | null> => {
    for (;;) {
      if (stopped || signal?.aborted) return null;
      // Claim the next batch before this one runs dry, so no sender waits for the database.
      if (!exhausted && queue.length <= lanes) void claim().catch(() => undefined);
      const row = queue.shift();
      if (row) return row;
      if (exhausted) return null;
      await claim();
    }
  };

  /** True when our lease on `id` holds long enough to send; renews first when it may have lapsed. */
  const stillOurs = async (id: string) => {
    if ((held.get(id) ?? 0) - leaseMs / 3 < Date.now()) await renew();
    return held.has(id);
  };

  const lane = async () => {
    for (let recipient = await next(); recipient; recipient = await next()) {
      let outcome: Outcome;
      if (recipient.unsubscribed) {
        outcome = { id: recipient.id, status: 'failed', sentAt: null, lastError: 'unsubscribed' };
      } else {
        await throttle();
        // Never start a mail on a lease that may have lapsed: another run may have taken the row.
        if (!(await stillOurs(recipient.id))) continue;
        const mail = await renderer.mailFor(recipient);
        try {
          await deps.mailer.send({ to: recipient.email, from: deps.from, ...mail });
          outcome = { id: recipient.id, status: 'sent', sentAt: new Date(), lastError: null };
        } catch (err) {
          if (!isPermanentRejection(err)) throw err;
          outcome = {
            id: recipient.id,
            status: 'bounced',
            sentAt: null,
            lastError: String((err as Error).message).slice(0, 1000),
          };
        }
      }
      // The next mail waits for this outcome to be committed: a crash leaves at most one per sender unrecorded.
      const sending = await recorder.record(outcome);
      held.delete(recipient.id);
      // The campaign stopped sending (no longer `sending`): stop here rather than at the next claim.
      if (!sending) stopped = true;
    }
  };

  try {
    const results = await Promise.allSettled(
      Array.from({ length: lanes }, () =>
        lane().catch((err) => {
          stopped = true;
          throw err;
        }),
      ),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      deps.logger.warn(
        { err: (failure.reason as Error).message, campaignId },
        'campaign paused: sending failed; the job retries',
      );
      throw failure.reason;
    }
  } finally {
    clearInterval(heartbeat);
    // A claim still in the database adds rows to `held`: let it land so they are handed back too.
    await Promise.allSettled([claiming, renewing]);
    await releaseClaims(knex, token, [...held.keys()]);
  }
}

/** The `campaign.send` job: runs a campaign; agenda retries it with backoff while SMTP is down. */
export function sendCampaignJob(deps: CampaignDeps) {
  return {
    name: JOBS.sendCampaign,
    options: { backoff: deps.backoff ?? MAIL_BACKOFF, concurrency: 2 },
    async handler(job: Job<SendCampaignPayload>) {
      const { campaignId } = SendCampaignPayload.parse(job.attrs.data);
      await runCampaign(deps, campaignId);
    },
  };
}

/**
 * Campaigns a stopped worker left in `sending`: queued again when a worker starts, so a restart
 * resumes them at once (the pending rows say who is still owed the mail).
 */
export async function campaignsToResume(knex: Knex): Promise<string[]> {
  const rows = await Campaign.query(knex).where('status', 'sending').select('id');
  return rows.map((row) => row.id);
}
