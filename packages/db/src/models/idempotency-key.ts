import type { Knex } from 'knex';
import { BaseModel } from './base';

/** Which write a key belongs to, and whose. */
export type IdempotencyScope = {
  /** The write (`orders`). */
  scope: string;
  /** The client that sent it (its user, else its guest key hash): keys of different clients never meet. */
  client: string;
  /** The client's Idempotency-Key. */
  key: string;
  /** A digest of the request, so a key sent again with another request is told apart from a retry. */
  requestHash: string;
};

/** What a keyed write came to: its answer (the first one's, when `replayed`), or a key already used for another request. */
export type KeyedAnswer<T> = { answer: T; replayed: boolean } | { mismatch: true };

/**
 * A write's Idempotency-Key and the answer of the write that first came with it (see migration 110).
 * The row is inserted in the write's transaction: it commits with the write or not at all.
 */
export class IdempotencyKey extends BaseModel {
  static tableName = 'idempotency_keys';
  static idColumn = ['scope', 'client', 'key'];

  declare scope: string;
  declare client: string;
  declare key: string;
  declare requestHash: string;
  declare answer: unknown;
  declare createdAt: Date;

  /**
   * Runs `write` once per key: the first request with the key runs it (in a transaction that also
   * keeps its answer); a request with the same key and request after that, or at the same time (it
   * waits on the first one's row until that commits), gets the first answer without running it. A
   * write that fails keeps nothing, so its retry runs it again. The same key with another request is
   * a mismatch.
   */
  static async answerOnce<T>(
    knex: Knex,
    id: IdempotencyScope,
    write: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<KeyedAnswer<T>> {
    const earlier = (row: IdempotencyKey): KeyedAnswer<T> =>
      row.requestHash === id.requestHash ? { answer: row.answer as T, replayed: true } : { mismatch: true };
    const found = await IdempotencyKey.query(knex).findById([id.scope, id.client, id.key]);
    if (found) return earlier(found);
    return knex.transaction(async (trx) => {
      // Waits while another transaction holds an uncommitted row with this key, then inserts nothing
      // if that one committed (its answer is read below) or inserts ours if it rolled back.
      const inserted = await trx(IdempotencyKey.tableName)
        .insert({ scope: id.scope, client: id.client, key: id.key, requestHash: id.requestHash })
        .onConflict(['scope', 'client', 'key'])
        .ignore()
        .returning('key');
      if (inserted.length === 0)
        return earlier((await IdempotencyKey.query(trx).findById([id.scope, id.client, id.key]))!);
      const answer = await write(trx);
      await IdempotencyKey.query(trx)
        .patch({ answer: answer as never })
        .findById([id.scope, id.client, id.key]);
      return { answer, replayed: false };
    });
  }

  /** Deletes keys older than `before` (a retry comes within minutes; this keeps the table short). Answers how many. */
  static async deleteOlderThan(knex: Knex, before: Date): Promise<number> {
    return IdempotencyKey.query(knex).delete().where('createdAt', '<', before);
  }
}
