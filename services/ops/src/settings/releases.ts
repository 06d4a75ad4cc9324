// Settings → Releases (issue 55): the per-track price of an EP or album and the coherence tolerance,
// saved on their own and audited like every settings save.
import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import type { ReleaseSettings } from '@mastering/contracts';
import { Setting, SettingsAudit } from '@mastering/db';
import type { RouteContext } from '@mastering/service-kit';

/** Saves the release settings as `userId`, with an audit row (naming the section when it changed). */
export async function saveReleaseSettings(
  knex: Knex,
  settings: ReleaseSettings,
  userId: string,
): Promise<ReleaseSettings> {
  await knex.transaction(async (trx) => {
    // The same lock as the whole-screen save, so audit rows compare against what was stored before.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['settings']);
    const stored = await Setting.section(trx, 'releases');
    await Setting.query(trx)
      .insert({ key: 'releases', value: settings, updatedBy: userId })
      .onConflict('key')
      .merge(['value', 'updatedBy']);
    await SettingsAudit.query(trx).insert({
      changedBy: userId,
      sections: isDeepStrictEqual(stored, settings) ? [] : ['releases'],
    });
  });
  return Setting.section(knex, 'releases');
}

/** GET /api/admin/settings/releases — admin; the release price and coherence tolerance. */
export const getReleaseSettings = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await Setting.section(knex, 'releases');
};

/** PUT /api/admin/settings/releases — admin; saves them (new orders are priced with them at once). */
export const putReleaseSettings = (knex: Knex) => async (ctx: RouteContext<ReleaseSettings>) => {
  ctx.body = await saveReleaseSettings(knex, ctx.state.body, ctx.state.identity!.userId);
};
