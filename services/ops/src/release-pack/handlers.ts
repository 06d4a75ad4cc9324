import type { Knex } from 'knex';
import type { IdParam, ReleasePackSettings } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext } from '@mastering/service-kit';
import { packStatus, retryPack } from './service';
import { readPackSettings, savePackSettings } from './settings';

/** GET /api/admin/orders/:id/release-pack — staff; the formats bought and each file's state (reason when failed). */
export const getReleasePack = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await packStatus(knex, ctx.state.params.id);
};

/** POST /api/admin/orders/:id/release-pack/retry — staff; renders the failed files of the newest masters again. */
export const postRetryReleasePack =
  (knex: Knex, queue: Queue) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
    ctx.body = await retryPack(knex, queue, ctx.state.params.id);
  };

/** GET /api/admin/settings/release-pack — admin; every format's offer and price. */
export const getReleasePackSettings = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await readPackSettings(knex);
};

/** PUT /api/admin/settings/release-pack — admin; saves the offers (new orders are priced from them). */
export const putReleasePackSettings = (knex: Knex) => async (ctx: RouteContext<ReleasePackSettings>) => {
  ctx.body = await savePackSettings(knex, ctx.state.body, ctx.state.identity!.userId);
};
