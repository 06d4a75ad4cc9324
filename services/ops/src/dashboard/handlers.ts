import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import { dashboardStats } from './service';

/** GET /api/admin/dashboard-stats — admin; the four figures and the five newest orders. */
export const getDashboardStats = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await dashboardStats(knex);
};
