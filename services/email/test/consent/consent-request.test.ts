// Keeps promise "marketing-only-once-confirmed" (packages/contracts/src/promises.ts).
import { describe, expect, it, vi } from 'vitest';
import { transactionId } from '@mastering/db';
import { enqueueConsentRequest } from '@mastering/jobs';
import { emailPerFile } from '../support';

// Issue 52: the email service owns the marketing consents. The storefront's checkout queues a consent
// request inside the order's transaction; this service's worker records it as pending and mails the
// confirmation link once that transaction committed, at most once per address while its link works,
// and asks nothing for an order that rolled back.

const ctx = emailPerFile();
const arrive = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

/** Queues the request for `email` inside a transaction that commits (or, with `rollBack`, does not). */
async function requestInOrder(email: string, rollBack = false) {
  await ctx.db.knex
    .transaction(async (trx) => {
      await enqueueConsentRequest(ctx.queue, {
        email,
        requestedAt: new Date().toISOString(),
        afterTransaction: await transactionId(trx),
      });
      if (rollBack) throw new Error('the order failed');
    })
    .catch((err: Error) => {
      if (!rollBack) throw err;
    });
}

/** The queue's consent requests that have finished (done or dropped). */
const finishedRequests = async () =>
  Number(
    (
      await ctx.db
        .knex('agenda_jobs')
        .where({ name: 'email.marketing-consent' })
        .whereNotNull('last_finished_at')
        .count({ n: '*' })
    )[0]!.n,
  );

describe('a consent request queued by the checkout', () => {
  it('records a pending consent and mails one confirmation per address while its link works', async () => {
    await requestInOrder('Lindiwe@Example.com');
    await arrive(async () => expect(ctx.smtp.to('lindiwe@example.com')).toHaveLength(1));
    expect(await ctx.db.knex('marketing_consents').where({ email: 'lindiwe@example.com' })).toMatchObject([
      { confirmedAt: null },
    ]);
    expect(ctx.smtp.to('lindiwe@example.com')[0]!.text).toMatch(/\/e\/confirm\/[\w-]+/);

    // A second order ticking the box for the same address: the request runs, and mails nothing more.
    await requestInOrder('lindiwe@example.com');
    await arrive(async () => expect(await finishedRequests()).toBe(2));
    expect(ctx.smtp.to('lindiwe@example.com')).toHaveLength(1);
  });

  it('asks nothing for an order whose transaction rolled back', async () => {
    const before = await finishedRequests();
    await requestInOrder('gone@example.com', true);
    await arrive(async () => expect(await finishedRequests()).toBe(before + 1));
    expect(await ctx.db.knex('marketing_consents').where({ email: 'gone@example.com' })).toEqual([]);
    expect(ctx.smtp.to('gone@example.com')).toEqual([]);
  });
});
