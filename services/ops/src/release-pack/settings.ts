// Settings → Release pack: which formats customers may pick and their prices per track, saved on
// their own and audited like every settings save (the claims card's shape).
import type { Knex } from 'knex';
import type { ReleasePackSettings } from '@mastering/contracts';
import { Setting, SettingsAudit } from '@mastering/db';
import { isDeepStrictEqual } from 'node:util';

/** The stored offers (the defaults where none are saved). */
export function readPackSettings(knex: Knex): Promise<ReleasePackSettings> {
  return Setting.section(knex, 'releasePack');
}

/** Saves the offers as `userId`, with an audit row naming the section when it changed. */
export async function savePackSettings(
  knex: Knex,
  settings: ReleasePackSettings,
  userId: string,
): Promise<ReleasePackSettings> {
  await knex.transaction(async (trx) => {
    // The same lock as the whole-screen save, so audit rows compare against what was stored before.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['settings']);
    const stored = await Setting.section(trx, 'releasePack');
    await Setting.query(trx)
      .insert({ key: 'releasePack', value: settings, updatedBy: userId })
      .onConflict('key')
      .merge(['value', 'updatedBy']);
    await SettingsAudit.query(trx).insert({
      changedBy: userId,
      sections: isDeepStrictEqual(stored, settings) ? [] : ['releasePack'],
    });
  });
  return readPackSettings(knex);
}
