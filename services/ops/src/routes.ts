import type { Knex } from 'knex';
import {
  AnalyticsQuery,
  CreateUserBody,
  CustomerEmailParam,
  CustomersQuery,
  IdParam,
  PaymentsQuery,
  SaveSettingsBody,
  SendMessageBody,
  UpdateUserBody,
  UserIdParam,
} from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { route, type RouteTable } from '@mastering/service-kit';
import { getAnalytics } from './analytics/handlers';
import { getAudioFileAnalysis } from './analysis/handlers';
import { getCustomer, getCustomers, getCustomersCsv, getCustomerStats, postCustomerMessage } from './customers/handlers';
import { getDashboardStats } from './dashboard/handlers';
import { getPayment, getPayments } from './payments/handlers';
import { getCustomerFiles, getCustomerOrders } from './profile/handlers';
import { getSettings, postTestEmail, putSettings } from './settings/handlers';
import { deleteOneUser, getOneUser, getUsers, postUser, putUser } from './users/handlers';

/** The analytics answer may be reused for 5 minutes (back-office spec §9). */
const ANALYTICS_CACHE = 'private, max-age=300';

/** The ops service's route table, with the permission of each route. */
export const routes = ({ knex, queue }: { knex: Knex; queue: Queue }): RouteTable => [
  route({ method: 'GET', path: '/api/admin/dashboard-stats', permission: 'admin', handler: getDashboardStats(knex) }),
  route({ method: 'GET', path: '/api/admin/settings', permission: 'admin', handler: getSettings(knex) }),
  route({ method: 'GET', path: '/api/admin/audio-files/:id/analysis', permission: 'staff', params: IdParam, handler: getAudioFileAnalysis(knex) }),
  route({ method: 'PUT', path: '/api/admin/settings', permission: 'admin', body: SaveSettingsBody, handler: putSettings(knex) }),
  route({ method: 'POST', path: '/api/admin/settings/test-email', permission: 'admin', handler: postTestEmail(knex, queue) }),
  // The fixed customer paths come before `:email`.
  route({ method: 'GET', path: '/api/admin/customers', permission: 'admin', query: CustomersQuery, handler: getCustomers(knex) }),
  route({ method: 'GET', path: '/api/admin/customers/stats', permission: 'admin', handler: getCustomerStats(knex) }),
  route({ method: 'GET', path: '/api/admin/customers/export', permission: 'admin', query: CustomersQuery, handler: getCustomersCsv(knex) }),
  route({ method: 'GET', path: '/api/admin/customers/:email', permission: 'admin', params: CustomerEmailParam, handler: getCustomer(knex) }),
  route({ method: 'POST', path: '/api/admin/customers/:email/message', permission: 'admin', params: CustomerEmailParam, body: SendMessageBody, handler: postCustomerMessage(knex, queue) }),
  route({ method: 'GET', path: '/api/users', permission: 'admin', handler: getUsers(knex) }),
  route({ method: 'POST', path: '/api/users', permission: 'admin', body: CreateUserBody, handler: postUser(knex) }),
  route({ method: 'GET', path: '/api/users/:id', permission: 'admin', params: IdParam, handler: getOneUser(knex) }),
  route({ method: 'PUT', path: '/api/users/:id', permission: 'admin', params: IdParam, body: UpdateUserBody, handler: putUser(knex) }),
  route({ method: 'DELETE', path: '/api/users/:id', permission: 'admin', params: IdParam, handler: deleteOneUser(knex) }),
  route({ method: 'GET', path: '/api/orders/customer/:userId', permission: 'admin', params: UserIdParam, handler: getCustomerOrders(knex) }),
  route({ method: 'GET', path: '/api/audio-files/customer/:userId', permission: 'admin', params: UserIdParam, handler: getCustomerFiles(knex) }),
  route({ method: 'GET', path: '/api/admin/payments', permission: 'admin', query: PaymentsQuery, handler: getPayments(knex) }),
  route({ method: 'GET', path: '/api/admin/payments/:id', permission: 'admin', params: IdParam, handler: getPayment(knex) }),
  route({ method: 'GET', path: '/api/admin/analytics', permission: 'admin', query: AnalyticsQuery, cache: ANALYTICS_CACHE, handler: getAnalytics(knex) }),
];
