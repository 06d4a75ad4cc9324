import type { Knex } from 'knex';
import type { OwnerErasure } from '@mastering/contracts';
import { Erasure, findPerson, OrderFile, type TableOwner } from '@mastering/db';
import type { ObjectStorage } from '@mastering/storage';
import { purgeFileAudio } from '../retention/job';
import type { StorefrontWrites } from '../storefront-writes';

// POPIA s24 (deletion), coordinated: a completed request purges the person's audio, then asks each
// owner of tables that hold the person (packages/db owners.ts) to erase them from its own tables, as
// the data map says (packages/orders erasure.ts). No service writes another's tables: the owners are
// called (erasure-owners.ts: over their internal route). The run is kept in `erasures`, with the
// person as found before anyone erased anything, so a crash midway resumes where it stopped.

export { ERASED_EMAIL, ERASED_TEXT } from '@mastering/db';

/** Asks one owner to erase the person from its tables (idempotent: asking twice is harmless). */
export type EraseAtOwner = (owner: TableOwner, request: OwnerErasure) => Promise<void>;

/** The database, the audio's storage, the owners' erasure, and the storefront (which records the audio's deletion). */
export type ErasureDeps = { knex: Knex; storage: ObjectStorage; owners: EraseAtOwner; storefront: StorefrontWrites };

/**
 * The owners asked, in order. The storefront comes last: its tables (accounts, orders) are where the
 * person is found, and it deletes the account after everything pointing at it is cleared.
 */
export const ERASING_OWNERS = ['email', 'content', 'ops', 'jobs', 'storefront'] as const satisfies TableOwner[];

/** The run for `email`: the one a crash left (resumed), or a new one with the person found now. */
async function runFor(knex: Knex, email: string, by: string | null): Promise<Erasure> {
  const lower = email.trim().toLowerCase();
  const left = await Erasure.query(knex).findOne({ email: lower });
  if (left) return left;
  const person = await findPerson(knex, lower);
  // A parallel start of the same erasure inserts nothing and takes the row the other made.
  await Erasure.query(knex).insert({ email: lower, person, erasedBy: by }).onConflict('email').ignore();
  return Erasure.query(knex).findOne({ email: lower }).throwIfNotFound();
}

/**
 * Erases the person with `email`: deletes the audio of every order file of theirs, then asks each
 * owner in turn to erase them (the table owner of deletion requests closes theirs). Resumable: run
 * again after a crash, it skips the owners done and finishes. Answers how many orders it touched.
 */
export async function erasePerson(deps: ErasureDeps, email: string, by: string | null, now = new Date()) {
  const run = await runFor(deps.knex, email, by);
  const { person } = run;
  await purgeFileAudio(deps, await OrderFile.query(deps.knex).findByIds(person.fileIds), now);
  for (const owner of ERASING_OWNERS) {
    if (run.ownersDone.includes(owner)) continue;
    await deps.owners(owner, { person, by: run.erasedBy, at: now });
    await Erasure.query(deps.knex)
      .findById(run.id)
      .patch({ ownersDone: deps.knex.raw('array_append(owners_done, ?)', [owner]) as unknown as string[] });
  }
  await Erasure.query(deps.knex).deleteById(run.id);
  return person.orderIds.length;
}
