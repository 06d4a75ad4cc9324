import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import { siteConfig } from './service';

/** GET /api/config — public pricing and limits, computed from settings (never from the browser). */
export const getConfig = (knex: Knex, checkoutRedirectPrefixes: readonly string[]) => async (ctx: RouteContext) => {
  ctx.body = await siteConfig(knex, checkoutRedirectPrefixes);
};
