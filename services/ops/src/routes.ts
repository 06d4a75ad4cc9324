import type { Knex } from 'knex';
import {
  AdminAudioFilesQuery,
  AdminOrdersQuery,
  AssignOrderBody,
  ConfirmUploadBody,
  DownloadUrlQuery,
  IdParam,
  SaveSettingsBody,
  TokenFileParam,
  TokenParam,
  UpdateOrderStatusBody,
  UpdateProcessingBody,
  UploadUrlBody,
} from '@mastering/contracts';
import { route, type RouteTable } from '@mastering/service-kit';
import { getDashboardStats } from './dashboard/handlers';
import { getSettings, putSettings } from './settings/handlers';
import * as orders from './orders/handlers';
import * as audioFiles from './audio-files/handlers';
import * as downloads from './downloads/handlers';
import type { FulfilmentDeps } from './orders/service';
import type { AudioFileDeps } from './audio-files/service';

/** What the route table needs: the database, plus what fulfilment (mail, links, storage) uses. */
export type OpsRouteDeps = { knex: Knex; fulfilment: FulfilmentDeps; audioFiles: AudioFileDeps };

/** The ops service's route table, with the permission of each route. */
export const routes = ({ knex, fulfilment, audioFiles: files }: OpsRouteDeps): RouteTable => [
  route({ method: 'GET', path: '/api/admin/dashboard-stats', permission: 'admin', handler: getDashboardStats(knex) }),
  route({ method: 'GET', path: '/api/admin/settings', permission: 'admin', handler: getSettings(knex) }),
  route({ method: 'PUT', path: '/api/admin/settings', permission: 'admin', body: SaveSettingsBody, handler: putSettings(knex) }),

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
