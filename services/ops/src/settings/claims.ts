// Settings → Marketing claims (issue 27 item 9): the thresholds below which the home page states no
// figure, saved on their own (audited like every settings save), shown with the figures they apply to.
import type { Knex } from 'knex';
import { claimsFrom, STREAMING_TRUE_PEAK_DBTP, type ClaimSettings, type ClaimsOverview } from '@mastering/contracts';
import { claimFigures, Setting, SettingsAudit } from '@mastering/db';
import type { RouteContext } from '@mastering/service-kit';
import { isDeepStrictEqual } from 'node:util';

/** The stored thresholds, today's figures and the claims the home page shows with them. */
export async function claimsOverview(knex: Knex): Promise<ClaimsOverview> {
  const [settings, figures] = await Promise.all([
    Setting.section(knex, 'claims'),
    claimFigures(knex, STREAMING_TRUE_PEAK_DBTP),
  ]);
  return { settings, figures, claims: claimsFrom(figures, settings) };
}

/** Saves the thresholds as `userId`, with an audit row (naming the section when it changed). */
export async function saveClaimSettings(knex: Knex, settings: ClaimSettings, userId: string): Promise<ClaimsOverview> {
  await knex.transaction(async (trx) => {
    // The same lock as the whole-screen save, so audit rows compare against what was stored before.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['settings']);
    const stored = await Setting.section(trx, 'claims');
    await Setting.query(trx)
      .insert({ key: 'claims', value: settings, updatedBy: userId })
      .onConflict('key')
      .merge(['value', 'updatedBy']);
    await SettingsAudit.query(trx).insert({
      changedBy: userId,
      sections: isDeepStrictEqual(stored, settings) ? [] : ['claims'],
    });
  });
  return claimsOverview(knex);
}

/** GET /api/admin/settings/claims — admin; the thresholds, the figures and the claims shown. */
export const getClaimSettings = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await claimsOverview(knex);
};

/** PUT /api/admin/settings/claims — admin; saves the thresholds (the home page follows within minutes). */
export const putClaimSettings = (knex: Knex) => async (ctx: RouteContext<ClaimSettings>) => {
  ctx.body = await saveClaimSettings(knex, ctx.state.body, ctx.state.identity!.userId);
};
