import type { Context } from 'koa';
import type { Knex } from 'knex';
import { siteConfig } from './service';

/** GET /api/config — public pricing and limits, computed from settings (never from the browser). */
export const getConfig = (knex: Knex) => async (ctx: Context) => {
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = await siteConfig(knex);
};
