import type { Knex } from 'knex';
import { claimsFrom, STREAMING_TRUE_PEAK_DBTP, type PublicClaims } from '@mastering/contracts';
import { claimFigures, Setting } from '@mastering/db';
import { cachedValue, type RouteContext } from '@mastering/service-kit';

/** How long the figures behind the claims are kept per process: they move slowly and cost three aggregates. */
export const CLAIM_FIGURES_TTL_MS = 5 * 60_000;

/**
 * The home page's claims: the cached figures under the thresholds stored now (Settings → Marketing
 * claims), so a changed threshold applies at once and the figures within CLAIM_FIGURES_TTL_MS.
 */
export function publicClaims(knex: Knex, ttlMs = CLAIM_FIGURES_TTL_MS) {
  const figures = cachedValue(ttlMs, () => claimFigures(knex, STREAMING_TRUE_PEAK_DBTP));
  return async (): Promise<PublicClaims> => {
    const [f, settings] = await Promise.all([figures.get(), Setting.section(knex, 'claims')]);
    return { claims: claimsFrom(f, settings) };
  };
}

/** GET /api/config/claims — public; the claims the data backs now (none below the thresholds). */
export const getClaims = (claims: () => Promise<PublicClaims>) => async (ctx: RouteContext) => {
  ctx.body = await claims();
};
