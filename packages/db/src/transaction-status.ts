import type { Knex } from 'knex';

/** What became of a transaction: still running, committed, or rolled back (or lost with its process). */
export type TransactionOutcome = 'in progress' | 'committed' | 'aborted';

/** The id of transaction `trx` (PostgreSQL's txid_current), for asking later whether it committed. */
export async function transactionId(trx: Knex.Transaction): Promise<string> {
  const { rows } = await trx.raw<{ rows: { id: string }[] }>('select txid_current()::text as id');
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
