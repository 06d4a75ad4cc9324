import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { EmailMessage } from '@mastering/db';
import type { Job } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';

/**
 * How long a worker's hold on a mail lasts without renewal: the `email.send` job's lock and the
 * message row's claim. A worker killed mid-send (SIGKILL, its machine gone) holds both until then;
 * after it, another worker takes the job (at its next poll) and sends the mail. A live worker renews
 * both every quarter of it, so a slow SMTP server never lets a second worker in.
 */
export const MAIL_CLAIM_MS = 20_000;

/** The mail is being sent by another run under a live claim: retried later, never sent alongside it. */
export class StillSending extends Error {
  constructor(messageId: string) {
    super(`email message ${messageId} is being sent by another worker`);
  }
}

/** The transaction that queued the mail has not committed yet: tried again shortly, like StillSending. */
export class NotCommittedYet extends Error {
  constructor(transaction: string) {
    super(`the transaction ${transaction} that queued this mail has not committed yet`);
  }
}

/** A database interval of `ms` (at least one millisecond). */
const intervalOf = (knex: Knex, ms: number) =>
  knex.raw('now() + ?::interval', [`${Math.max(1, Math.round(ms))} milliseconds`]);

/**
 * Claims message `id` for the run `token` until `ms` from now (database time) and counts the attempt:
 * one statement, so of two runs only one gets it. A message already sent, or held by another run whose
 * claim is still live, is not claimed (false).
 */
export async function claimMessage(knex: Knex, id: string, token: string, ms: number): Promise<boolean> {
  const claimed = await EmailMessage.query(knex)
    .findById(id)
    .whereNot('status', 'sent')
    .where((q) =>
      q.whereNot('status', 'sending').orWhereNull('claimedUntil').orWhere('claimedUntil', '<', knex.fn.now()),
    )
    .patch({
      status: 'sending',
      attempts: knex.raw('attempts + 1'),
      claimedBy: token,
      claimedUntil: intervalOf(knex, ms),
    });
  return claimed === 1;
}

/**
 * Ends run `token`'s claim on message `id` with its outcome. "Sent" is written whoever holds the claim
 * (the mail is out); "failed" only while the claim is still this run's, so a run whose claim lapsed
 * never releases the mail under the run that took it over.
 */
export async function settleMessage(
  knex: Knex,
  id: string,
  token: string,
  outcome: Pick<EmailMessage, 'status'> & Partial<EmailMessage>,
): Promise<void> {
  const query = EmailMessage.query(knex).findById(id);
  if (outcome.status !== 'sent') query.where('claimedBy', token);
  await query.patch({ ...outcome, claimedBy: null, claimedUntil: null });
}

/**
 * Keeps a running mail job held while it works: every quarter of `ms` it renews the job's lock
 * (agenda's `touch`) and, once `claimed` names the message, the message's claim (only while it is
 * still this run's). Renewal failures are logged: at worst the hold lapses and the guard of
 * `claimMessage` decides who sends. `stop` ends the renewals.
 */
export function holdWhileRunning(job: Job, knex: Knex, ms: number, logger: Logger) {
  const token = randomUUID();
  let messageId: string | null = null;
  const renew = async () => {
    await job.touch();
    if (messageId)
      await EmailMessage.query(knex)
        .findById(messageId)
        .where({ status: 'sending', claimedBy: token })
        .patch({ claimedUntil: intervalOf(knex, ms) });
  };
  const timer = setInterval(
    () => renew().catch((err: Error) => logger.warn({ err: err.message }, 'could not renew the hold on a mail')),
    ms / 4,
  );
  return {
    /** This run's claim token. */
    token,
    /** From now on the renewals also extend the claim on message `id`. */
    claimed(id: string) {
      messageId = id;
    },
    stop: () => clearInterval(timer),
  };
}
