import type { Knex } from 'knex';
import { route, type RouteTable } from '@mastering/service-kit';
import { getDashboardStats } from './dashboard/handlers';

/** The ops service's route table, with the permission of each route. */
export const routes = ({ knex }: { knex: Knex }): RouteTable => [
  route({ method: 'GET', path: '/api/admin/dashboard-stats', permission: 'admin', handler: getDashboardStats(knex) }),
];
