import type { Knex } from 'knex';

/** A recipient row a run has claimed and owes a mail (or a skip, when the address unsubscribed since). */
export type Claimed = { id: string; email: string; unsubscribed: boolean };

/** What became of a claimed recipient: sent, refused for good (bounced) or skipped (failed). */
export type Outcome = {
  id: string;
  status: 'sent' | 'bounced' | 'failed';
  sentAt: Date | null;
  lastError: string | null;
};

const leaseInterval = (leaseMs: number) => `${Math.max(1, Math.round(leaseMs))} milliseconds`;

/**
 * Claims up to `size` pending recipients of a campaign that is still sending, for the run `token`,
 * until `leaseMs` from now (database time): one statement. Rows another run holds under a live lease
 * are passed over (`skip locked` covers claims being made at this very moment); rows whose lease ran
 * out (their run died) are taken again.
 */
export async function claimRecipients(
  knex: Knex,
  campaignId: string,
  token: string,
  size: number,
  leaseMs: number,
): Promise<Claimed[]> {
  const { rows } = await knex.raw<{ rows: Claimed[] }>(
    `with picked as (
       select r.id from campaign_recipients r
       where r.campaign_id = :campaignId and r.status = 'pending' and (r.claimed_until is null or r.claimed_until < now())
         and exists (select 1 from campaigns c where c.id = :campaignId and c.status = 'sending')
       order by r.id limit :size
       for update of r skip locked
     )
     update campaign_recipients r set claimed_by = :token, claimed_until = now() + :lease::interval
     from picked where r.id = picked.id
     returning r.id, r.email, exists (select 1 from unsubscribes u where u.email = lower(r.email)) as unsubscribed`,
    { campaignId, token, size, lease: leaseInterval(leaseMs) },
  );
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * A run's lease renewals and outcome writes update the same rows at the same time (the heartbeat does not wait
 * for the recorder). Each statement therefore locks its rows in id order before it updates them: two updates that
 * lock in the order their plans meet the rows can each hold a row the other waits for, and PostgreSQL then
 * aborts one ("deadlock detected": seen in CI, an outcome write of 250 mails). An aborted outcome write would
 * leave sent mails pending, to be sent again after the retry.
 */
const LOCK_IN_ID_ORDER = 'order by r.id for update of r';

/**
 * Extends the lease of the rows of `ids` this run still holds and returns those ids. A row missing
 * from the answer is no longer ours to send: done, taken by another run after our lease ran out, or
 * its campaign stopped sending. The rows are locked in id order first (LOCK_IN_ID_ORDER).
 */
export async function renewClaims(
  knex: Knex,
  campaignId: string,
  token: string,
  ids: string[],
  leaseMs: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await knex.raw<{ rows: { id: string }[] }>(
    `with mine as materialized (
       select r.id from campaign_recipients r
       where r.id = any(:ids::uuid[]) and r.claimed_by = :token and r.status = 'pending'
         and exists (select 1 from campaigns c where c.id = :campaignId and c.status = 'sending')
       ${LOCK_IN_ID_ORDER}
     )
     update campaign_recipients r set claimed_until = now() + :lease::interval
     from mine where r.id = mine.id
     returning r.id`,
    { campaignId, token, ids, lease: leaseInterval(leaseMs) },
  );
  return new Set(rows.map((row) => row.id));
}

/** Hands back the rows of `ids` this run claimed but did not finish, so any run may take them at once. */
export async function releaseClaims(knex: Knex, token: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await knex.raw(
    `update campaign_recipients set claimed_by = null, claimed_until = null
     where id = any(?::uuid[]) and claimed_by = ? and status = 'pending'`,
    [ids, token],
  );
}

/**
 * Writes the outcomes of many recipients of one campaign in one statement (a row already finished is
 * left as it is) and answers whether the campaign is still sending, so senders stop soon after it stops.
 * The rows are locked in id order first (LOCK_IN_ID_ORDER).
 */
export async function writeOutcomes(knex: Knex, campaignId: string, outcomes: Outcome[]): Promise<boolean> {
  const rows = outcomes.map((o) => ({
    id: o.id,
    status: o.status,
    sent_at: o.sentAt?.toISOString() ?? null,
    last_error: o.lastError,
  }));
  const { rows: answer } = await knex.raw<{ rows: { sending: boolean }[] }>(
    `with v as materialized (
       select * from jsonb_to_recordset(?::jsonb) as v(id uuid, status text, sent_at timestamptz, last_error text)
     ), locked as materialized (
       select r.id from campaign_recipients r where r.id in (select id from v) and r.status = 'pending'
       ${LOCK_IN_ID_ORDER}
     ), written as (
       update campaign_recipients r
       set status = v.status, sent_at = v.sent_at, last_error = v.last_error, claimed_by = null, claimed_until = null
       from v, locked
       where r.id = v.id and r.id = locked.id
       returning r.id
     )
     -- The update runs although nothing reads its rows (a data-modifying CTE always runs once).
     select exists (select 1 from campaigns c where c.id = ? and c.status = 'sending') as sending`,
    [JSON.stringify(rows), campaignId],
  );
  return answer[0]!.sending;
}

/**
 * Group commit of a campaign's outcomes: `record` resolves once the outcome is committed, with whether
 * the campaign is still sending. While one write is in the database the outcomes that arrive wait and
 * go together in the next, so the number of writes follows the database's pace, not the mail count.
 */
export function createRecorder(knex: Knex, campaignId: string) {
  let waiting: { outcome: Outcome; resolve: (sending: boolean) => void; reject: (err: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const sending = await writeOutcomes(
          knex,
          campaignId,
          batch.map((entry) => entry.outcome),
        );
        for (const entry of batch) entry.resolve(sending);
      } catch (err) {
        for (const entry of batch) entry.reject(err);
      }
    }
    writing = false;
  };
  return {
    /** Records `outcome`; resolves when committed (true while the campaign still sends), rejects when the write failed. */
    record(outcome: Outcome): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        waiting.push({ outcome, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

/**
 * Whether a campaign still owes mail and, if so, how long until the earliest lease on its pending rows
 * runs out (0 when some pending row is free now). `sending` is false once the campaign stopped sending.
 */
export async function pendingState(
  knex: Knex,
  campaignId: string,
): Promise<{ sending: boolean; pending: number; waitMs: number }> {
  const { rows } = await knex.raw<{ rows: { sending: boolean; pending: number; waitMs: number | null }[] }>(
    `select exists (select 1 from campaigns c where c.id = :campaignId and c.status = 'sending') as sending,
            count(*)::int as pending,
            ceil(greatest(0, extract(epoch from min(coalesce(claimed_until, now())) - now()) * 1000))::int as "waitMs"
     from campaign_recipients where campaign_id = :campaignId and status = 'pending'`,
    { campaignId },
  );
  const row = rows[0]!;
  return { sending: row.sending, pending: row.pending, waitMs: row.waitMs ?? 0 };
}
