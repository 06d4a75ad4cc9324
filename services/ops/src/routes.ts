import type { Knex } from 'knex';
import { requireRole, STAFF, type Router } from '@mastering/service-kit';
import { dashboardStats } from './dashboard/service';

/** The ops service's route table, with the permission of each route. */
export function mountRoutes(router: Router, { knex }: { knex: Knex }) {
  // staff (admin, engineer)
  router.get('/api/admin/dashboard-stats', requireRole(...STAFF), async (ctx) => {
    ctx.body = await dashboardStats(knex);
  });
}
