import type { Knex } from 'knex';
import {
  AdminAudioFilesQuery,
  AdminOrdersQuery,
  AnalyticsQuery,
  AssignOrderBody,
  ConfirmUploadBody,
  CreateUserBody,
  CustomerEmailParam,
  CustomersQuery,
  DownloadUrlQuery,
  IdParam,
  PaymentsQuery,
  SaveSettingsBody,
  TestEmailJobParam,
  SendMessageBody,
  TokenFileParam,
  TokenParam,
  UpdateOrderStatusBody,
  UpdateProcessingBody,
  UpdateUserBody,
  UploadUrlBody,
  UserIdParam,
} from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { route, type RouteTable, type Secrets } from '@mastering/service-kit';
import { getAnalytics } from './analytics/handlers';
import { getAudioFileAnalysis } from './analysis/handlers';
import { getCustomer, getCustomers, getCustomersCsv, getCustomerStats, postCustomerMessage } from './customers/handlers';
import { getDashboardStats } from './dashboard/handlers';
import { getPayment, getPayments } from './payments/handlers';
import { getCustomerFiles, getCustomerOrders } from './profile/handlers';
import { getSettings, getTestEmailStatus, postTestEmail, putSettings } from './settings/handlers';
import { deleteOneUser, getOneUser, getUsers, postUser, putUser } from './users/handlers';
import * as orders from './orders/handlers';
import * as audioFiles from './audio-files/handlers';
import * as downloads from './downloads/handlers';
import type { FulfilmentDeps } from './orders/service';
import type { AudioFileDeps } from './audio-files/service';

/** The analytics answer may be reused for 5 minutes (back-office spec §9). */
const ANALYTICS_CACHE = 'private, max-age=300';

/** What the route table needs: the database, the job queue (mail), and what fulfilment (links, storage) uses. */
export type OpsRouteDeps = { knex: Knex; queue: Queue; keys: Secrets; fulfilment: FulfilmentDeps; audioFiles: AudioFileDeps };

/** The ops service's route table, with the permission of each route. */
export const routes = ({ knex, queue, keys, fulfilment, audioFiles: files }: OpsRouteDeps): RouteTable => [
  route({ method: 'GET', path: '/api/admin/dashboard-stats', permission: 'admin', handler: getDashboardStats(fulfilment) }),
  route({ method: 'GET', path: '/api/admin/settings', permission: 'admin', handler: getSettings(knex) }),
  route({ method: 'GET', path: '/api/admin/audio-files/:id/analysis', permission: 'staff', params: IdParam, handler: getAudioFileAnalysis(knex) }),
  route({ method: 'PUT', path: '/api/admin/settings', permission: 'admin', body: SaveSettingsBody, handler: putSettings(knex, keys) }),
  route({ method: 'POST', path: '/api/admin/settings/test-email', permission: 'admin', handler: postTestEmail(knex, queue) }),
  route({ method: 'GET', path: '/api/admin/settings/test-email/:jobId', permission: 'admin', params: TestEmailJobParam, handler: getTestEmailStatus(knex) }),
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

  // Engineers work orders and audio files (staff); everything else in the back-office is admins only.
  route({ method: 'GET', path: '/api/admin/orders', permission: 'staff', query: AdminOrdersQuery, handler: orders.getOrders(fulfilment) }),
  // Before `/:id`, which would take "export" for an id.
  route({ method: 'GET', path: '/api/admin/orders/export', permission: 'staff', query: AdminOrdersQuery, handler: orders.exportOrders(knex) }),
  route({ method: 'GET', path: '/api/admin/orders/:id', permission: 'staff', params: IdParam, handler: orders.getOrder(knex) }),
  route({ method: 'PATCH', path: '/api/admin/orders/:id/status', permission: 'staff', params: IdParam, body: UpdateOrderStatusBody, handler: orders.patchOrderStatus(fulfilment) }),
  route({ method: 'PATCH', path: '/api/admin/orders/:id/assignee', permission: 'staff', params: IdParam, body: AssignOrderBody, handler: orders.patchAssignee(knex) }),

  route({ method: 'GET', path: '/api/admin/audio-files', permission: 'staff', query: AdminAudioFilesQuery, handler: audioFiles.getAudioFiles(files) }),
  route({ method: 'GET', path: '/api/admin/audio-files/:id', permission: 'staff', params: IdParam, handler: audioFiles.getAudioFile(files) }),
  route({ method: 'PATCH', path: '/api/admin/audio-files/:id/processing', permission: 'staff', params: IdParam, body: UpdateProcessingBody, handler: audioFiles.patchProcessing(files) }),
  route({ method: 'POST', path: '/api/admin/audio-files/:id/upload-url', permission: 'staff', params: IdParam, body: UploadUrlBody, handler: audioFiles.postUploadUrl(files) }),
  route({ method: 'POST', path: '/api/admin/audio-files/:id/confirm-upload', permission: 'staff', params: IdParam, body: ConfirmUploadBody, handler: audioFiles.postConfirmUpload(files) }),
  route({ method: 'GET', path: '/api/admin/audio-files/:id/download-url', permission: 'staff', params: IdParam, query: DownloadUrlQuery, handler: audioFiles.getDownloadUrl(files) }),

  // Public: the signed token in the path is the permission (short-lived for staff, days for a customer's delivery).
  route({ method: 'GET', path: '/api/downloads/file/:token', permission: 'public', params: TokenParam, cache: 'private, no-store', handler: downloads.getSignedFile(files) }),
  route({ method: 'GET', path: '/api/downloads/order/:token', permission: 'public', params: TokenParam, cache: 'private, no-store', handler: downloads.getDelivery(files) }),
  route({ method: 'GET', path: '/api/downloads/order/:token/files/:fileId', permission: 'public', params: TokenFileParam, cache: 'private, no-store', handler: downloads.getDeliveryFile(files) }),
  route({ method: 'GET', path: '/api/downloads/order/:token/archive', permission: 'public', params: TokenParam, cache: 'private, no-store', handler: downloads.getDeliveryArchive(files) }),
];
