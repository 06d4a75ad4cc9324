import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Every connection createKnex opens starts without parallel workers (see SESSION_SETTINGS in knex.ts).
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.destroy();
});

it('opens connections that plan no parallel workers, each of them', async () => {
  const settings = await Promise.all(
    Array.from({ length: 3 }, () =>
      db.knex.transaction(async (trx) => (await trx.raw('show max_parallel_workers_per_gather')).rows[0]),
    ),
  );
  expect(settings).toEqual(Array(3).fill({ max_parallel_workers_per_gather: '0' }));
});
