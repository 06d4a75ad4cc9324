import type { Knex } from 'knex';
import { CONSENT_CONFIRM_DAYS } from '@mastering/contracts';
import { awaitTransactionOutcome, MarketingConsent, transactionId, Unsubscribe } from '@mastering/db';
import { JOBS, MAIL_BACKOFF, RequestConsentPayload, sendMail, type Job, type Queue } from '@mastering/jobs';
import type { Logger } from '@mastering/service-kit';
import { MAIL_COMMIT_WAIT_MS } from './send-email';
import { NotCommittedYet } from './message-claims';

const DAY = 86_400_000;

/**
 * The checkout's marketing box was ticked for `email` (POPIA s69: anyone can type any address, so this
 * is a request, not consent): records it as pending and queues the confirmation mail, whose signed link
 * confirms it (double opt-in). An address already confirmed, unsubscribed, or mailed a link that still
 * works is not mailed again, so ticking the box on many orders mails an address at most once per
 * CONSENT_CONFIRM_DAYS. The mail goes only if `trx` commits.
 */
export async function requestMarketingConsent(
  trx: Knex.Transaction,
  queue: Queue,
  email: string,
  now = new Date(),
): Promise<void> {
  const address = email.toLowerCase();
  if (await Unsubscribe.query(trx).findById(address)) return;
  const table = MarketingConsent.tableName;
  // New, or pending with a link that has run out: (re)start the request; otherwise leave the row as it is.
  const { rows } = await trx.raw(
    `insert into ?? (email, requested_at) values (?, ?)
     on conflict (email) do update set requested_at = excluded.requested_at
     where ??.confirmed_at is null and ??.requested_at < ?
     returning email`,
    [table, address, now, table, table, new Date(now.getTime() - CONSENT_CONFIRM_DAYS * DAY)],
  );
  if (rows.length === 0) return;
  await sendMail(queue, {
    template: 'marketing-consent-confirm',
    to: address,
    params: { confirmDays: CONSENT_CONFIRM_DAYS },
    afterTransaction: await transactionId(trx),
  });
}

/**
 * The `email.marketing-consent` job (queued by the storefront's checkout, issue 52: the email service
 * owns the consents): once the order's transaction committed, requests the consent; one that rolled
 * back asks nothing. A failure is retried (MAIL_BACKOFF) and repeating the request is harmless.
 */
export function consentRequestJob(deps: {
  knex: Knex;
  queue: Queue;
  logger: Logger;
  backoff?: typeof MAIL_BACKOFF;
  commitWaitMs?: number;
}) {
  return {
    name: JOBS.requestConsent,
    options: { backoff: deps.backoff ?? MAIL_BACKOFF },
    async handler(job: Job<RequestConsentPayload>) {
      const { email, requestedAt, afterTransaction } = RequestConsentPayload.parse(job.attrs.data);
      const outcome = await awaitTransactionOutcome(
        deps.knex,
        afterTransaction,
        deps.commitWaitMs ?? MAIL_COMMIT_WAIT_MS,
      );
      if (outcome === 'in progress') throw new NotCommittedYet(afterTransaction);
      if (outcome === 'aborted') return;
      await deps.knex.transaction((trx) => requestMarketingConsent(trx, deps.queue, email, new Date(requestedAt)));
      deps.logger.info({}, 'marketing consent requested');
    },
  };
}
