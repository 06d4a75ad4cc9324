import type { Knex } from 'knex';

/** What became of a transaction: still running, committed, or rolled back (or lost with its process). */
export type TransactionOutcome = 'in progress' | 'committed' | 'aborted';

// The first key of the advisory locks that mark a transaction whose outcome someone awaits (the second
// is the transaction id modulo 2^31). Two-key advisory locks are a space of their own, apart from the
// one-key `pg_advisory_xact_lock(hashtext(...))` locks elsewhere; a rare clash of second keys only
// makes a waiter wait for an unrelated transaction too.
const AWAITED_TRANSACTION = 28_001;
/** The lock's second key, of the SQL bigint expression `txid` (an int4 key holds 31 bits of it). */
const lockKey = (txid: string) => `(${txid} % 2147483648)::int`;

/**
 * The id of transaction `trx` (PostgreSQL's txid_current), for asking later whether it committed. It
 * also takes an advisory lock that the transaction keeps until it ends, so awaitTransactionOutcome can
 * wait for that end instead of asking again and again.
 */
export async function transactionId(trx: Knex.Transaction): Promise<string> {
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `select txid_current()::text as id, pg_advisory_xact_lock(?, ${lockKey('txid_current()')})`,
    [AWAITED_TRANSACTION],
  );
  return rows[0]!.id;
}

/**
 * Whether transaction `id` committed (PostgreSQL's txid_status). One so old that PostgreSQL no longer
 * knows it finished long ago and is taken as committed (a rolled-back one left nothing to act on then).
 */
export async function transactionOutcome(knex: Knex, id: string): Promise<TransactionOutcome> {
  const { rows } = await knex.raw<{ rows: { status: TransactionOutcome | null }[] }>(
    'select txid_status(?::bigint) as status',
    [id],
  );
  return rows[0]?.status ?? 'committed';
}

const LOCK_NOT_AVAILABLE = '55P03';

/**
 * The outcome of transaction `id` (a transactionId) once it has ended, waiting up to `waitMs` for it:
 * a job queued inside a transaction starts at once (agenda is woken when the job row is written, before
 * that transaction commits), and this lets it go on the moment the transaction commits instead of
 * retrying seconds later. Still running after `waitMs`: 'in progress'.
 */
export async function awaitTransactionOutcome(knex: Knex, id: string, waitMs: number): Promise<TransactionOutcome> {
  const outcome = await transactionOutcome(knex, id);
  if (outcome !== 'in progress') return outcome;
  try {
    await knex.transaction(async (trx) => {
      await trx.raw(`set local lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
      // Granted once the awaited transaction has ended (it holds the exclusive lock until then).
      await trx.raw(`select pg_advisory_xact_lock_shared(?, ${lockKey('?::bigint')})`, [AWAITED_TRANSACTION, id]);
    });
  } catch (err) {
    if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
  }
  return transactionOutcome(knex, id);
}
