import type { Knex } from 'knex';
import type { CampaignForm, EmailIdParams } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext } from '@mastering/service-kit';
import { cancelCampaign, createCampaign, getCampaign, listCampaigns } from './service';

/** GET /api/admin/marketing-campaigns — admin; campaigns with stats and progress (plain array). */
export const getCampaigns = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listCampaigns(knex);
};

/** GET /api/admin/marketing-campaigns/:id — admin; one campaign (the progress poll). */
export const getOneCampaign = (knex: Knex) => async (ctx: RouteContext<unknown, unknown, EmailIdParams>) => {
  ctx.body = await getCampaign(knex, ctx.state.params.id);
};

/** POST /api/admin/send-marketing-campaign — admin; sends now or schedules; queues the worker. */
export const postCampaign = (knex: Knex, queue: Queue) => async (ctx: RouteContext<CampaignForm>) => {
  ctx.status = 201;
  ctx.body = await createCampaign(knex, queue, ctx.state.body, ctx.state.identity?.userId ?? null);
};

/** POST /api/admin/marketing-campaigns/:id/cancel — admin; cancels a scheduled campaign. */
export const postCancelCampaign = (knex: Knex) => async (ctx: RouteContext<unknown, unknown, EmailIdParams>) => {
  ctx.body = await cancelCampaign(knex, ctx.state.params.id);
};
