import type { RouteContext } from '@mastering/service-kit';
import type { FulfilmentDeps } from '../orders/status';
import { dashboardStats } from './service';

/** GET /api/admin/dashboard-stats — admin; the four figures and the five newest orders (scan-bound figures from the shared counters). */
export const getDashboardStats = (deps: Pick<FulfilmentDeps, 'knex' | 'counters'>) => async (ctx: RouteContext) => {
  ctx.body = await dashboardStats(deps.knex, deps.counters);
};
