import type { Knex } from 'knex';
import { IdParam, SaveSettingsBody } from '@mastering/contracts';
import { route, type RouteTable } from '@mastering/service-kit';
import { getAudioFileAnalysis } from './analysis/handlers';
import { getDashboardStats } from './dashboard/handlers';
import { getSettings, putSettings } from './settings/handlers';

/** The ops service's route table, with the permission of each route. */
export const routes = ({ knex }: { knex: Knex }): RouteTable => [
  route({ method: 'GET', path: '/api/admin/dashboard-stats', permission: 'admin', handler: getDashboardStats(knex) }),
  route({ method: 'GET', path: '/api/admin/settings', permission: 'admin', handler: getSettings(knex) }),
  route({ method: 'GET', path: '/api/admin/audio-files/:id/analysis', permission: 'staff', params: IdParam, handler: getAudioFileAnalysis(knex) }),
  route({ method: 'PUT', path: '/api/admin/settings', permission: 'admin', body: SaveSettingsBody, handler: putSettings(knex) }),
];
