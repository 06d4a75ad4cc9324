import type { Knex } from 'knex';
import type { z } from 'zod';
import type { SaveSettingsBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { readSettings, saveSettings } from './service';

/** GET /api/admin/settings — admin; the stored General and Pricing settings and who saved them last. */
export const getSettings = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await readSettings(knex);
};

/** PUT /api/admin/settings — admin; validates and saves both sections at once (the storefront's prices follow). */
export const putSettings = (knex: Knex) => async (ctx: RouteContext<z.output<typeof SaveSettingsBody>>) => {
  ctx.body = await saveSettings(knex, ctx.state.body, ctx.state.identity!.userId);
};
