// Writes a client may send again after losing the answer (a cut connection, a gateway or replica killed
// mid-request): with an Idempotency-Key header, the retry gets the first answer and changes nothing.
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_REUSED, IdempotencyKey } from '@mastering/contracts';
import { IdempotencyKey as KeyRow } from '@mastering/db';
import { BadRequest, Invalid } from '@mastering/service-kit';
import type { Visitor } from './visitor';

/** The request's Idempotency-Key, or undefined when it sent none; a malformed one is refused (400) before anything is done. */
export function idempotencyKeyOf(ctx: Context): string | undefined {
  const sent = ctx.get(IDEMPOTENCY_KEY_HEADER);
  if (sent === '') return undefined;
  const parsed = IdempotencyKey.safeParse(sent);
  if (!parsed.success) throw new BadRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * Runs `write` once per key of this visitor in `scope` (see IdempotencyKey.answerOnce): without a key
 * it simply runs; a retry (same key, same request) gets the first answer, marked with the response
 * header Idempotent-Replayed; the same key with another request is refused (422).
 */
export async function answerOnce<T>(
  ctx: Context,
  knex: Knex,
  scope: string,
  visitor: Visitor,
  request: unknown,
  write: (knex: Knex) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(ctx);
  if (key === undefined) return write(knex);
  const keyed = await KeyRow.answerOnce(
    knex,
    {
      scope,
      // Keys of different browsers never meet: nobody reads another's answer by sending its key.
      client: visitor.userId ?? visitor.guestKeyHash ?? 'anonymous',
      key,
      requestHash: createHash('sha256').update(JSON.stringify(request)).digest('hex'),
    },
    write,
  );
  if ('mismatch' in keyed) throw new Invalid(IDEMPOTENCY_KEY_REUSED);
  if (keyed.replayed) ctx.set('Idempotent-Replayed', 'true');
  return keyed.answer;
}

/** How long a key answers its retries: a client retries within minutes; a day covers a browser left open. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Forgets keys older than IDEMPOTENCY_KEY_HOURS at `now` (the upkeep's step; the table stays short). Answers how many. */
export function forgetOldIdempotencyKeys(knex: Knex, now: Date): Promise<number> {
  return KeyRow.deleteOlderThan(knex, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000));
}
