import type { Knex } from 'knex';
import { CONSENT_CONFIRM_DAYS } from '@mastering/contracts';
import { MarketingConsent, transactionId, Unsubscribe } from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';

const DAY = 86_400_000;

/**
 * The checkout's marketing box was ticked for `email` (POPIA s69: anyone can type any address, so this
 * is a request, not consent): records it as pending and queues the confirmation mail, whose signed link
 * confirms it (double opt-in). An address already confirmed, unsubscribed, or mailed a link that still
 * works is not mailed again, so ticking the box on many orders mails an address at most once per
 * CONSENT_CONFIRM_DAYS. The mail goes only if the order's transaction commits.
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
