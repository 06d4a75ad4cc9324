// What the tests of the analytics' day rollups share: one frozen `now`, creation times around the
// periods' edges, picking existing rows, running a migration again and checking after random writes.
import fc from 'fast-check';
import type { Knex } from 'knex';
import { MIGRATIONS } from '@mastering/db';

export const DAY = 86_400_000;
/** One frozen `now`, passed to the analytics: the periods' edges are the same instants for both sides. */
export const NOW = new Date('2026-06-15T10:17:23.456Z');

/**
 * A creation time: whole days and milliseconds back (sometimes exactly a UTC midnight), a little ahead
 * of now, exactly where a period or the one before it starts, or within half a day of a period's start.
 */
export const moment = fc.oneof(
  fc
    .record({ days: fc.integer({ min: 0, max: 800 }), ms: fc.integer({ min: 0, max: DAY - 1 }) })
    .map(({ days, ms }) => new Date(NOW.getTime() - days * DAY - ms)),
  fc.integer({ min: 0, max: 800 }).map((days) => new Date(Math.floor((NOW.getTime() - days * DAY) / DAY) * DAY)),
  fc.integer({ min: 1, max: 3_600_000 }).map((ms) => new Date(NOW.getTime() + ms)),
  fc
    .tuple(fc.constantFrom(7, 30, 90, 365), fc.constantFrom(1, 2))
    .map(([days, periods]) => new Date(NOW.getTime() - periods * days * DAY)),
  // Within half a day of where a period starts (eight hours later too, a second `now` some tests use):
  // the part days a rollup's reader mends its whole days with.
  fc
    .tuple(fc.constantFrom(7, 30, 90, 365), fc.constantFrom(0, 8), fc.integer({ min: -DAY / 2, max: DAY / 2 }))
    .map(([days, hours, ms]) => new Date(NOW.getTime() + hours * 3_600_000 - days * DAY + ms)),
);

/** `n` ids of `table`, chosen by `pick` from its rows in id order (none when it is empty). */
export async function idsOf(knex: Knex, table: 'orders' | 'orderFiles', pick: number, n = 1): Promise<string[]> {
  const ids = (await knex(table).select('id').orderBy('id')).map((r) => r.id as string);
  return ids.length ? Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[(pick + i * 7) % ids.length]!) : [];
}

/** Runs the named migrations down and up again, each in one transaction as the migrator runs it (their backfill). */
export async function migrateAgain(knex: Knex, ...names: string[]): Promise<void> {
  for (const name of names) {
    const m = MIGRATIONS.find((migration) => migration.name === name)!;
    await knex.transaction(async (trx) => {
      await m.down(trx);
      await m.up(trx);
    });
  }
}

/** fast-check's sequences of `write` (up to `maxLength`), each applied in turn, then `check`ed: 40 runs, fixed seed. */
export async function checkAfterWrites<W>(
  write: fc.Arbitrary<W>,
  maxLength: number,
  apply: (w: W) => Promise<void>,
  check: () => Promise<void>,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(write, { minLength: 1, maxLength }), async (writes) => {
      for (const w of writes) await apply(w);
      await check();
    }),
    { numRuns: 40, seed: 20261125 },
  );
}
